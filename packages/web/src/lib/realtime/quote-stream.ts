import {
  type QuoteTick,
  WS_MAX_SUBSCRIPTIONS,
  type WsClientMessage,
  type WsSymbol,
  quoteSources,
  symbolKey,
} from '@tradewind/contract';
import { apiBase } from '../../api/client';

/*
 * The one websocket of the app (DESIGN §7): live quotes for whatever is on screen. Components
 * subscribe to symbols and release them; the stream counts references, so many rows, cards and
 * headers can watch the same symbol while the server sees one subscription. It connects on the
 * first subscription, reconnects with backoff, subscribes again after a reconnect, and stays
 * within the server's limit of 200 symbols by keeping the most recently requested ones.
 */

export type TickListener = (tick: QuoteTick) => void;

export interface QuoteStreamOptions {
  url?: () => string;
  /** Most symbols subscribed on the server at once (the contract's limit). */
  maxSymbols?: number;
  /** Reconnect delays grow from the first to the last, doubling, with jitter. */
  reconnectDelayMs?: { initial: number; max: number };
  /** With no subscriber left, the socket is closed after this long (a quick page switch keeps it). */
  idleCloseMs?: number;
  random?: () => number;
}

interface Subscription {
  symbol: WsSymbol;
  count: number;
  listeners: Set<TickListener>;
}

const SOCKET_OPEN = 1;
/** Silence longer than this many heartbeats means the connection is dead even if it looks open. */
const MISSED_HEARTBEATS = 3;
const DEFAULT_HEARTBEAT_SECONDS = 30;
const CODE_PATTERN = /^[A-Z0-9.^=-]{1,20}$/;

/** `/ws` on the API host (the page's own host by default), wss when the page is https. */
export function defaultStreamUrl(): string {
  const base = apiBase();
  const origin = base ? new URL(base, window.location.href) : new URL(window.location.href);
  const protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${origin.host}/ws`;
}

/** The symbol the server knows an instrument by, or null when it has no live quotes (e.g. an IPO). */
export function toWsSymbol(source: number, code: string): WsSymbol | null {
  const normalized = code.trim().toUpperCase();
  if (!(quoteSources as readonly number[]).includes(source) || !CODE_PATTERN.test(normalized)) return null;
  return { source: source as WsSymbol['source'], code: normalized };
}

function isTick(value: unknown): value is QuoteTick {
  if (typeof value !== 'object' || value === null) return false;
  const tick = value as Record<string, unknown>;
  return (
    typeof tick.source === 'number' &&
    typeof tick.code === 'string' &&
    typeof tick.price_nominal === 'number' &&
    typeof tick.change === 'number' &&
    typeof tick.change_ratio === 'number' &&
    typeof tick.ts === 'number'
  );
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export class QuoteStream {
  private readonly options: Required<QuoteStreamOptions>;
  /** In order of request, most recent last; the newest win when more than the limit are wanted. */
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly latest = new Map<string, QuoteTick>();
  /** Symbols the server has been asked to send on the current connection. */
  private readonly onServer = new Set<string>();
  /**
   * Requests awaiting the server's answer, oldest first: each subscribe is answered by `subscribed`
   * or `error`, each unsubscribe by `unsubscribed`, in order.
   */
  private pending: ({ kind: 'subscribe'; keys: string[] } | { kind: 'unsubscribe' })[] = [];
  /** Symbols the server refused on this connection (unknown to it); not asked for again. */
  private readonly refused = new Set<string>();
  private socket: WebSocket | null = null;
  private attempts = 0;
  private heartbeatMs = DEFAULT_HEARTBEAT_SECONDS * 1000;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdogTimer: ReturnType<typeof setTimeout> | undefined;
  private syncQueued = false;
  private disposed = false;
  private readonly wake = () => {
    if (!this.socket && this.subscriptions.size > 0 && !this.disposed) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = undefined;
      this.connect();
    }
  };

  constructor(options: QuoteStreamOptions = {}) {
    this.options = {
      url: options.url ?? defaultStreamUrl,
      maxSymbols: options.maxSymbols ?? WS_MAX_SUBSCRIPTIONS,
      reconnectDelayMs: options.reconnectDelayMs ?? { initial: 1000, max: 30_000 },
      idleCloseMs: options.idleCloseMs ?? 15_000,
      random: options.random ?? Math.random,
    };
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.wake);
      document.addEventListener('visibilitychange', this.onVisibility);
    }
  }

  /** Watches symbols until the returned function is called; the listener hears their ticks. */
  subscribe(symbols: readonly WsSymbol[], listener?: TickListener): () => void {
    const keys: string[] = [];
    for (const symbol of symbols) {
      const key = symbolKey(symbol);
      if (keys.includes(key)) continue;
      keys.push(key);
      const existing = this.subscriptions.get(key);
      if (existing) {
        existing.count += 1;
        if (listener) existing.listeners.add(listener);
        // Asked for again: it counts as recent when the limit forces a choice.
        this.subscriptions.delete(key);
        this.subscriptions.set(key, existing);
      } else {
        this.subscriptions.set(key, { symbol, count: 1, listeners: new Set(listener ? [listener] : []) });
      }
    }
    if (keys.length > 0) {
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
      if (!this.socket && !this.reconnectTimer) this.connect();
      this.queueSync();
    }

    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const subscription = this.subscriptions.get(key);
        if (!subscription) continue;
        subscription.count -= 1;
        if (listener) subscription.listeners.delete(listener);
        if (subscription.count <= 0) this.subscriptions.delete(key);
      }
      this.queueSync();
      if (this.subscriptions.size === 0) this.scheduleIdleClose();
    };
  }

  /** The newest tick seen for a symbol (also after it was released), for a first paint without waiting. */
  latestTick(symbol: WsSymbol): QuoteTick | undefined {
    return this.latest.get(symbolKey(symbol));
  }

  /** Symbols the server is currently asked for (for tests and diagnostics). */
  serverSymbols(): string[] {
    return [...this.onServer];
  }

  isConnected(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  /** Closes for good: no reconnect, no listeners. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.idleTimer);
    clearTimeout(this.watchdogTimer);
    this.subscriptions.clear();
    this.latest.clear();
    this.closeSocket();
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.wake);
      document.removeEventListener('visibilitychange', this.onVisibility);
    }
  }

  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') this.wake();
  };

  /** Many components mount and unmount in one render: one message for all of them. */
  private queueSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  private wanted(): Map<string, WsSymbol> {
    const entries = [...this.subscriptions].filter(([key]) => !this.refused.has(key)).slice(-this.options.maxSymbols);
    return new Map(entries.map(([key, subscription]) => [key, subscription.symbol]));
  }

  private sync(): void {
    if (this.disposed || !this.isConnected()) return;
    const wanted = this.wanted();
    const drop = [...this.onServer].filter((key) => !wanted.has(key));
    const add = [...wanted].filter(([key]) => !this.onServer.has(key));
    // Release first so the server never counts more than the limit.
    for (const part of chunks(drop, WS_MAX_SUBSCRIPTIONS)) {
      this.send({ type: 'unsubscribe', symbols: part.map(parseKey) });
      this.pending.push({ kind: 'unsubscribe' });
      for (const key of part) this.onServer.delete(key);
    }
    for (const part of chunks(add, WS_MAX_SUBSCRIPTIONS)) {
      this.subscribeOnServer(part);
    }
  }

  private subscribeOnServer(part: readonly (readonly [string, WsSymbol])[]): void {
    this.send({ type: 'subscribe', symbols: part.map(([, symbol]) => symbol) });
    this.pending.push({ kind: 'subscribe', keys: part.map(([key]) => key) });
    for (const [key] of part) this.onServer.add(key);
  }

  /**
   * The server refuses a whole subscribe when one symbol in it is unknown. Asking again one symbol
   * at a time finds the culprit; every other symbol of the batch still gets its quotes.
   */
  private onRefused(): void {
    const request = this.pending.shift();
    if (request?.kind !== 'subscribe') return;
    const keys = request.keys.filter((key) => this.onServer.has(key));
    if (request.keys.length === 1) {
      for (const key of keys) {
        this.onServer.delete(key);
        this.refused.add(key);
      }
      return;
    }
    for (const key of keys) {
      const subscription = this.subscriptions.get(key);
      if (subscription) this.subscribeOnServer([[key, subscription.symbol]]);
      else this.onServer.delete(key);
    }
  }

  private send(message: WsClientMessage): void {
    if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    if (this.disposed || this.socket) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.onServer.clear();
      this.pending = [];
      this.refused.clear();
      this.armWatchdog();
      this.sync();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.armWatchdog();
      this.handle(event.data);
    };
    socket.onclose = () => this.onSocketGone(socket);
    socket.onerror = () => {
      // A close event follows an error; reconnecting waits for it.
    };
  }

  private onSocketGone(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.onServer.clear();
    this.pending = [];
    clearTimeout(this.watchdogTimer);
    if (!this.disposed && this.subscriptions.size > 0) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.disposed) return;
    const { initial, max } = this.options.reconnectDelayMs;
    const ceiling = Math.min(max, initial * 2 ** this.attempts);
    // Full delay at most, half at least: many clients do not all come back in the same second.
    const delay = ceiling / 2 + (ceiling / 2) * this.options.random();
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.subscriptions.size > 0) this.connect();
    }, delay);
  }

  private scheduleIdleClose(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.subscriptions.size === 0) {
        clearTimeout(this.reconnectTimer);
        this.reconnectTimer = undefined;
        this.closeSocket();
      }
    }, this.options.idleCloseMs);
  }

  private armWatchdog(): void {
    clearTimeout(this.watchdogTimer);
    this.watchdogTimer = setTimeout(() => {
      // No heartbeat for a long while: the connection is dead even if the browser has not noticed.
      const socket = this.socket;
      if (!socket) return;
      this.onSocketGone(socket);
      socket.close();
    }, this.heartbeatMs * MISSED_HEARTBEATS);
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.onServer.clear();
    clearTimeout(this.watchdogTimer);
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close();
    }
  }

  private handle(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { type } = message as { type?: unknown };
    if (type === 'hello') {
      const seconds = (message as { heartbeatSeconds?: unknown }).heartbeatSeconds;
      if (typeof seconds === 'number' && seconds > 0) {
        this.heartbeatMs = seconds * 1000;
        this.armWatchdog();
      }
      return;
    }
    if (type === 'subscribed' || type === 'unsubscribed') {
      this.pending.shift();
      return;
    }
    if (type === 'error') {
      this.onRefused();
      return;
    }
    // Heartbeats need no answer; any message already proved the connection alive.
    if (type !== 'quote') return;
    const tick = (message as { tick?: unknown }).tick;
    if (!isTick(tick)) return;
    const key = symbolKey(tick);
    const previous = this.latest.get(key);
    if (previous && previous.ts > tick.ts) return;
    this.latest.set(key, tick);
    const subscription = this.subscriptions.get(key);
    if (!subscription) return;
    for (const listener of [...subscription.listeners]) listener(tick);
  }
}

function parseKey(key: string): WsSymbol {
  const separator = key.indexOf(':');
  return { source: Number(key.slice(0, separator)) as WsSymbol['source'], code: key.slice(separator + 1) };
}

let shared: QuoteStream | null = null;

/** The app-wide stream, created on first use. */
export function getQuoteStream(): QuoteStream {
  shared ??= new QuoteStream();
  return shared;
}

/** Drops the app-wide stream (tests start each case with a fresh one). */
export function resetQuoteStream(): void {
  shared?.dispose();
  shared = null;
}

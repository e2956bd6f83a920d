import {
  type QuoteTick,
  WS_MAX_SUBSCRIPTIONS,
  type WsClientMessage,
  type WsServerEvents,
  type WsSymbol,
  quoteSources,
  symbolKey,
} from '@tradewind/contract';
import { apiBase } from '../client';

/*
 * The one websocket of the app (DESIGN §7): live quotes for whatever is on screen, and the signed-in
 * user's private channel. Components subscribe to symbols and release them; the stream counts
 * references, so many rows, cards and headers can watch the same symbol while the server sees one
 * subscription. It connects on the first subscription, reconnects with backoff, subscribes again
 * after a reconnect, and stays within the server's limit of 200 symbols by keeping the most
 * recently requested ones. With a session token and a private listener, every (re)connection
 * sends `auth` first; the server then pushes that user's orders, positions and balances. A visitor
 * (no session) with a chat open joins their support conversation with its visitor token instead.
 */

export type TickListener = (tick: QuoteTick) => void;

/** What the private channel tells its listeners: the owner's changes, and when it (re)opens or drops. */
export type PrivateEvent =
  | ({ type: 'order' } & WsServerEvents['order'])
  | ({ type: 'position' } & WsServerEvents['position'])
  | ({ type: 'balance' } & WsServerEvents['balance'])
  | ({ type: 'message' } & WsServerEvents['message'])
  | ({ type: 'alert' } & WsServerEvents['alert'])
  | ChatEvent
  /** Admins only: the agent console's conversations. */
  | ({ type: 'agentChat' } & WsServerEvents['agentChat'])
  /** The channel is open for this token; `reconnected` when events may have been missed before it. */
  | { type: 'authenticated'; reconnected: boolean }
  /** The channel is closed (socket lost, token refused or replaced): nothing is pushed until it reopens. */
  | { type: 'closed' }
  /**
   * The server closed the socket because the session ended (signed out elsewhere, password changed,
   * device revoked, blocked, expired): the token is dead and is not sent again.
   */
  | { type: 'sessionEnded' };
export type PrivateListener = (event: PrivateEvent) => void;

/** A line in the caller's support conversation, or its closing; signed-in users and visitors alike hear these. */
export type ChatEvent = ({ type: 'chat' } & WsServerEvents['chat']) | ({ type: 'chatClosed' } & WsServerEvents['chatClosed']);
/** What a visitor's chat channel tells its listeners; `joined` after every (re)join, when events may have been missed. */
export type VisitorEvent = ChatEvent | { type: 'joined' };
export type VisitorListener = (event: VisitorEvent) => void;

function isChatEvent(message: Record<string, unknown>): boolean {
  if (message.type === 'chatClosed') return typeof message.conversationId === 'number';
  if (message.type === 'chat') return hasObject(message, 'message') && typeof message.unread === 'number';
  return message.type === 'agentChat' && hasObject(message, 'conversation');
}

type AuthState = 'none' | 'pending' | 'authenticated' | 'refused';

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
/** The close code the server gives a socket whose session ended (docs/security.md). */
export const WS_CLOSE_SESSION_ENDED = 4401;
/** Silence longer than this many heartbeats means the connection is dead even if it looks open. */
const MISSED_HEARTBEATS = 3;
const DEFAULT_HEARTBEAT_SECONDS = 30;
const CODE_PATTERN = /^[A-Z0-9.^=-]{1,20}$/;
/** How the server names a symbol it does not know: `unknown symbol ABC (source 0), XYZ (source 2)`. */
const UNKNOWN_SYMBOL = /^unknown symbol/i;
const NAMED_SYMBOL = /([A-Za-z0-9.^=-]+) \(source (\d+)\)/g;
/** Errors about the subscription itself (limit, refused symbols), as opposed to an `auth` answer. */
const SUBSCRIPTION_ERROR = /^(unknown symbol|at most \d+ symbols)/i;

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
    typeof tick.bid === 'number' &&
    typeof tick.ask === 'number' &&
    typeof tick.change === 'number' &&
    typeof tick.change_ratio === 'number' &&
    typeof tick.ts === 'number'
  );
}

function isSymbol(value: unknown): value is WsSymbol {
  if (typeof value !== 'object' || value === null) return false;
  const symbol = value as Record<string, unknown>;
  return typeof symbol.source === 'number' && typeof symbol.code === 'string';
}

/** A private-channel payload with the object it must carry; the server is trusted for the rest. */
function hasObject(message: Record<string, unknown>, field: string): boolean {
  return typeof message[field] === 'object' && message[field] !== null;
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
   * Subscribe requests awaiting the server's answer, oldest first. An answer is matched by the
   * symbols it names (a refused batch is named in an `error`, an accepted one in `subscribed`).
   */
  private pending: string[][] = [];
  /** Symbols the server refused on this connection (unknown to it); not asked for again. */
  private readonly refused = new Set<string>();
  private readonly privateListeners = new Set<PrivateListener>();
  private token: string | null = null;
  private authState: AuthState = 'none';
  private readonly visitorListeners = new Set<VisitorListener>();
  private visitorToken: string | null = null;
  private visitorState: 'none' | 'pending' | 'joined' = 'none';
  /** The private channel has been open before on this stream: a new opening may have missed events. */
  private wasAuthenticated = false;
  private socket: WebSocket | null = null;
  private attempts = 0;
  private heartbeatMs = DEFAULT_HEARTBEAT_SECONDS * 1000;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdogTimer: ReturnType<typeof setTimeout> | undefined;
  private syncQueued = false;
  private disposed = false;
  private readonly wake = () => {
    if (!this.socket && this.needsSocket() && !this.disposed) {
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
      this.ensureConnected();
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
      if (!this.needsSocket()) this.scheduleIdleClose();
    };
  }

  /**
   * The session token the private channel authenticates with (null when logged out). A different
   * token than the one the socket was authenticated with needs a fresh socket: the server has no
   * way to leave a private channel other than closing the connection.
   */
  setAuthToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    this.wasAuthenticated = false;
    if (this.authState !== 'none') {
      const wasOpen = this.authState === 'authenticated';
      this.authState = 'none';
      this.closeSocket();
      if (wasOpen) this.emitPrivate({ type: 'closed' });
      if (this.needsSocket()) this.connect();
      else this.scheduleIdleClose();
      return;
    }
    if (token && this.privateListeners.size > 0) {
      this.ensureConnected();
      this.authenticate();
    }
    // Signing in on this socket moves it from the visitor channel to the user's (the server keeps one).
    if (token) this.visitorState = 'none';
    else this.joinVisitor();
  }

  /**
   * Hears a visitor's support conversation (by the token the app keeps) until the returned function
   * is called. Only while nobody is signed in: a session's chat comes on its private channel.
   */
  subscribeVisitor(visitorToken: string, listener: VisitorListener): () => void {
    if (visitorToken !== this.visitorToken && this.visitorState !== 'none') {
      this.visitorState = 'none';
      this.closeSocket();
    }
    this.visitorToken = visitorToken;
    this.visitorListeners.add(listener);
    this.ensureConnected();
    this.joinVisitor();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.visitorListeners.delete(listener);
      if (!this.needsSocket()) this.scheduleIdleClose();
    };
  }

  /** Hears the private channel's events until the returned function is called; keeps the socket open while there is a token. */
  subscribePrivate(listener: PrivateListener): () => void {
    this.privateListeners.add(listener);
    if (this.token) {
      this.ensureConnected();
      this.authenticate();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.privateListeners.delete(listener);
      if (!this.needsSocket()) this.scheduleIdleClose();
    };
  }

  /** True while the server pushes this user's orders, positions and balances. */
  isAuthenticated(): boolean {
    return this.authState === 'authenticated';
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
    this.privateListeners.clear();
    this.visitorListeners.clear();
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

  /** Quotes are wanted, or a signed-in session listens to its private channel. */
  private needsSocket(): boolean {
    return (
      this.subscriptions.size > 0 ||
      (this.token !== null && this.privateListeners.size > 0) ||
      (this.token === null && this.visitorToken !== null && this.visitorListeners.size > 0)
    );
  }

  private ensureConnected(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  /** Sends `auth` once per connection, when the socket is open and someone listens. */
  private authenticate(): void {
    if (!this.token || this.privateListeners.size === 0 || !this.isConnected()) return;
    if (this.authState === 'pending' || this.authState === 'authenticated') return;
    this.authState = 'pending';
    this.send({ type: 'auth', token: this.token });
  }

  /** Sends `visitor` once per connection, when nobody is signed in and a visitor's chat listens. */
  private joinVisitor(): void {
    if (this.token || !this.visitorToken || this.visitorListeners.size === 0 || !this.isConnected()) return;
    if (this.visitorState !== 'none') return;
    this.visitorState = 'pending';
    this.send({ type: 'visitor', visitorToken: this.visitorToken });
  }

  private emitVisitor(event: VisitorEvent): void {
    for (const listener of [...this.visitorListeners]) listener(event);
  }

  private emitPrivate(event: PrivateEvent): void {
    for (const listener of [...this.privateListeners]) listener(event);
  }

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
      for (const key of part) this.onServer.delete(key);
    }
    for (const part of chunks(add, WS_MAX_SUBSCRIPTIONS)) {
      this.subscribeOnServer(part);
    }
  }

  private subscribeOnServer(part: readonly (readonly [string, WsSymbol])[]): void {
    this.send({ type: 'subscribe', symbols: part.map(([, symbol]) => symbol) });
    this.pending.push(part.map(([key]) => key));
    for (const [key] of part) this.onServer.add(key);
  }

  /**
   * An `error` about unknown symbols. Older servers refuse the whole batch and name the first
   * culprit; newer ones name every culprit and subscribe the rest (answering `subscribed` as well).
   * Either way the named symbols are not asked for again on this connection and the rest of their
   * batch is asked for once more (harmless when already subscribed), so every known symbol ticks.
   */
  private onUnknownSymbols(message: string): void {
    const named = [...message.matchAll(NAMED_SYMBOL)].map((m) => `${m[2]}:${(m[1] ?? '').toUpperCase()}`);
    const index = named.length > 0 ? this.pending.findIndex((keys) => named.some((key) => keys.includes(key))) : 0;
    const request = index >= 0 ? this.pending.splice(index, 1)[0] : undefined;
    if (named.length === 0) {
      // No names to go by: find the culprit by asking for each symbol of the batch on its own.
      if (!request) return;
      if (request.length === 1) {
        for (const key of request) this.refuse(key);
        return;
      }
      for (const key of request) this.retry([key]);
      return;
    }
    for (const key of named) this.refuse(key);
    if (request) this.retry(request.filter((key) => !this.refused.has(key)));
  }

  private refuse(key: string): void {
    this.onServer.delete(key);
    this.refused.add(key);
  }

  /** Asks again for the symbols of a refused batch that are still wanted. */
  private retry(keys: readonly string[]): void {
    const part: [string, WsSymbol][] = [];
    for (const key of keys) {
      const subscription = this.subscriptions.get(key);
      if (subscription && this.onServer.has(key)) part.push([key, subscription.symbol]);
      else this.onServer.delete(key);
    }
    if (part.length > 0) this.subscribeOnServer(part);
  }

  /** `subscribed` answers the oldest request that holds every symbol it names; `rejected` ones are refused. */
  private onSubscribed(message: { symbols?: unknown; rejected?: unknown }): void {
    const keysOf = (list: unknown) =>
      Array.isArray(list) ? list.filter(isSymbol).map((symbol) => symbolKey({ ...symbol, code: symbol.code.toUpperCase() })) : [];
    const accepted = keysOf(message.symbols);
    const rejected = keysOf(message.rejected);
    const named = [...accepted, ...rejected];
    const index = this.pending.findIndex((keys) => named.length > 0 && named.every((key) => keys.includes(key)));
    if (index >= 0) this.pending.splice(index, 1);
    for (const key of rejected) this.refuse(key);
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
      this.authState = 'none';
      this.armWatchdog();
      // Authenticate first, so private events start as early as possible.
      this.visitorState = 'none';
      this.authenticate();
      this.joinVisitor();
      this.sync();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.armWatchdog();
      this.handle(event.data);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket === socket && event.code === WS_CLOSE_SESSION_ENDED && this.token) {
        // Reconnecting with the dead token would only be refused: quotes carry on without it.
        this.token = null;
        this.wasAuthenticated = false;
        this.onSocketGone(socket);
        this.emitPrivate({ type: 'sessionEnded' });
        return;
      }
      this.onSocketGone(socket);
    };
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
    this.dropAuth();
    if (!this.disposed && this.needsSocket()) this.scheduleReconnect();
  }

  private dropAuth(): void {
    this.visitorState = 'none';
    const wasOpen = this.authState === 'authenticated';
    this.authState = 'none';
    if (wasOpen) this.emitPrivate({ type: 'closed' });
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
      if (this.needsSocket()) this.connect();
    }, delay);
  }

  private scheduleIdleClose(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (!this.needsSocket()) {
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
    this.pending = [];
    clearTimeout(this.watchdogTimer);
    this.dropAuth();
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
    if (type === 'subscribed') {
      this.onSubscribed(message);
      return;
    }
    if (type === 'unsubscribed') return;
    if (type === 'error') {
      const raw = (message as { msg?: unknown }).msg;
      const msg = typeof raw === 'string' ? raw : '';
      if (this.authState === 'pending' && !SUBSCRIPTION_ERROR.test(msg)) {
        // The token was refused (expired, revoked) or the server could not check it: no private
        // channel on this connection; the next connection tries again.
        this.authState = 'refused';
        return;
      }
      if (UNKNOWN_SYMBOL.test(msg)) this.onUnknownSymbols(msg);
      return;
    }
    if (type === 'authenticated') {
      if (this.authState !== 'pending') return;
      this.authState = 'authenticated';
      this.emitPrivate({ type: 'authenticated', reconnected: this.wasAuthenticated });
      this.wasAuthenticated = true;
      return;
    }
    if (type === 'order' || type === 'position' || type === 'balance' || type === 'message' || type === 'alert') {
      if (this.authState !== 'authenticated') return;
      const field = type === 'balance' ? 'wallet' : type;
      if (hasObject(message as Record<string, unknown>, field)) this.emitPrivate(message as PrivateEvent);
      return;
    }
    if (type === 'visitorJoined') {
      if (this.visitorState !== 'pending') return;
      this.visitorState = 'joined';
      this.emitVisitor({ type: 'joined' });
      return;
    }
    if (type === 'chat' || type === 'chatClosed' || type === 'agentChat') {
      if (!isChatEvent(message as Record<string, unknown>)) return;
      if (this.authState === 'authenticated') this.emitPrivate(message as PrivateEvent);
      else if (this.visitorState === 'joined' && type !== 'agentChat') this.emitVisitor(message as ChatEvent);
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

import { type QuoteTick, WS_MAX_SUBSCRIPTIONS, type WsClientMessage, type WsSymbol, symbolKey } from '@tradewind/contract';
import type { ServerMessage } from './stream-transport';

export type TickListener = (tick: QuoteTick) => void;

interface Subscription {
  symbol: WsSymbol;
  count: number;
  listeners: Set<TickListener>;
}

/** What the quote channel needs of the socket. */
export interface ChannelSocket {
  isConnected(): boolean;
  send(message: WsClientMessage): void;
}

/** How the server names a symbol it does not know: `unknown symbol ABC (source 0), XYZ (source 2)`. */
const UNKNOWN_SYMBOL = /^unknown symbol/i;
const NAMED_SYMBOL = /([A-Za-z0-9.^=-]+) \(source (\d+)\)/g;

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

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function parseKey(key: string): WsSymbol {
  const separator = key.indexOf(':');
  return { source: Number(key.slice(0, separator)) as WsSymbol['source'], code: key.slice(separator + 1) };
}

/**
 * Live quotes: components subscribe to symbols and release them; the channel counts references,
 * so many rows, cards and headers can watch the same symbol while the server sees one
 * subscription. It subscribes again after a reconnect and stays within the server's limit by
 * keeping the most recently requested symbols.
 */
export class QuoteChannel {
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
  private syncQueued = false;

  constructor(
    private readonly socket: ChannelSocket,
    private readonly maxSymbols: number,
  ) {}

  /** Counts the symbols as watched (the listener hears their ticks); answers the keys to release. */
  add(symbols: readonly WsSymbol[], listener?: TickListener): string[] {
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
    return keys;
  }

  release(keys: readonly string[], listener?: TickListener): void {
    for (const key of keys) {
      const subscription = this.subscriptions.get(key);
      if (!subscription) continue;
      subscription.count -= 1;
      if (listener) subscription.listeners.delete(listener);
      if (subscription.count <= 0) this.subscriptions.delete(key);
    }
  }

  hasSubscriptions(): boolean {
    return this.subscriptions.size > 0;
  }

  latestTick(symbol: WsSymbol): QuoteTick | undefined {
    return this.latest.get(symbolKey(symbol));
  }

  serverSymbols(): string[] {
    return [...this.onServer];
  }

  /** A new connection: the server knows nothing of this one's subscriptions and refusals. */
  opened(): void {
    this.disconnected();
    this.refused.clear();
  }

  disconnected(): void {
    this.onServer.clear();
    this.pending = [];
  }

  clear(): void {
    this.subscriptions.clear();
    this.latest.clear();
  }

  /** Many components mount and unmount in one render: one message for all of them. */
  queueSync(): void {
    if (this.syncQueued) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      this.sync();
    });
  }

  sync(): void {
    if (!this.socket.isConnected()) return;
    const wanted = this.wanted();
    const drop = [...this.onServer].filter((key) => !wanted.has(key));
    const add = [...wanted].filter(([key]) => !this.onServer.has(key));
    // Release first so the server never counts more than the limit.
    for (const part of chunks(drop, WS_MAX_SUBSCRIPTIONS)) {
      this.socket.send({ type: 'unsubscribe', symbols: part.map(parseKey) });
      for (const key of part) this.onServer.delete(key);
    }
    for (const part of chunks(add, WS_MAX_SUBSCRIPTIONS)) {
      this.subscribeOnServer(part);
    }
  }

  /** Takes the server's `subscribed`, `unsubscribed`, `quote` and unknown-symbol `error` messages; false for the rest. */
  receive(message: ServerMessage): boolean {
    switch (message.type) {
      case 'subscribed':
        this.onSubscribed(message);
        return true;
      case 'unsubscribed':
        return true;
      case 'error': {
        const msg = typeof message.msg === 'string' ? message.msg : '';
        if (UNKNOWN_SYMBOL.test(msg)) this.onUnknownSymbols(msg);
        return true;
      }
      case 'quote':
        this.onTick(message.tick);
        return true;
      default:
        return false;
    }
  }

  private wanted(): Map<string, WsSymbol> {
    const entries = [...this.subscriptions].filter(([key]) => !this.refused.has(key)).slice(-this.maxSymbols);
    return new Map(entries.map(([key, subscription]) => [key, subscription.symbol]));
  }

  private subscribeOnServer(part: readonly (readonly [string, WsSymbol])[]): void {
    this.socket.send({ type: 'subscribe', symbols: part.map(([, symbol]) => symbol) });
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
  private onSubscribed(message: ServerMessage): void {
    const keysOf = (list: unknown) =>
      Array.isArray(list) ? list.filter(isSymbol).map((symbol) => symbolKey({ ...symbol, code: symbol.code.toUpperCase() })) : [];
    const accepted = keysOf(message.symbols);
    const rejected = keysOf(message.rejected);
    const named = [...accepted, ...rejected];
    const index = this.pending.findIndex((keys) => named.length > 0 && named.every((key) => keys.includes(key)));
    if (index >= 0) this.pending.splice(index, 1);
    for (const key of rejected) this.refuse(key);
  }

  private onTick(tick: unknown): void {
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

import { AssetSource, type QuoteSource } from '@tradewind/contract';
import { WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import type { MarketDataProvider, TickListener } from './market-data-provider.js';

export const FINNHUB_URL = 'wss://ws.finnhub.io';
/** Finnhub's free plan streams at most this many symbols per connection. */
const FREE_PLAN_SYMBOLS = 50;
/** How long `stop` waits for the server to answer a close before dropping the connection. */
const CLOSE_GRACE_MS = 1_000;
const PREVIEW_CHARS = 200;

/** Compatible with the pino logger Fastify hands out. */
export interface ProviderLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface Instrument {
  source: QuoteSource;
  code: string;
}

export interface FinnhubProviderOptions {
  token: string;
  /** Instruments to stream; those Finnhub does not carry on the free plan are skipped. */
  symbols: readonly Instrument[];
  log: ProviderLog;
  /** Defaults to Finnhub's own endpoint; tests point it at a local server. */
  url?: string;
  /** Defaults to 50, Finnhub's free plan limit; symbols beyond it are skipped. */
  maxSymbols?: number;
  /** First reconnect delay, doubled on each failed attempt (default 1 s). */
  reconnectBaseMs?: number;
  /** Longest reconnect delay (default 30 s). */
  reconnectMaxMs?: number;
}

/** Documented at https://finnhub.io/docs/api/websocket-trades; unknown keys (such as trade conditions `c`) are dropped. */
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('trade'), data: z.array(z.unknown()) }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
const tradeSchema = z.object({
  s: z.string().min(1),
  p: z.number().positive(),
  t: z.number().int().nonnegative(),
  v: z.number().nonnegative(),
});

/** The Finnhub symbol of an instrument, or null when the free plan does not stream it. */
export function finnhubSymbol({ source, code }: Instrument): string | null {
  switch (source) {
    case AssetSource.Stock:
      return code;
    case AssetSource.Forex:
      return /^[A-Z]{6}$/.test(code) ? `OANDA:${code.slice(0, 3)}_${code.slice(3)}` : null;
    case AssetSource.Future:
    case AssetSource.TwStock:
    case AssetSource.GlobalIndex:
      return null;
  }
}

export const reconnectDelayMs = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.min(baseMs * 2 ** attempt, maxMs);

interface FirstConnection {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Streams trades from Finnhub's websocket. Reconnects with exponential backoff and subscribes again
 * after each reconnect; bad messages are logged and skipped so one odd frame never stops the feed.
 */
export class FinnhubProvider implements MarketDataProvider {
  readonly name = 'finnhub';
  /** Finnhub symbol → our instrument, in subscription order. */
  private readonly subscriptions = new Map<string, Instrument>();
  private readonly unsupported: number;
  private readonly overLimit: number;
  private listener: TickListener | undefined;
  private socket: WebSocket | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failedAttempts = 0;

  constructor(private readonly options: FinnhubProviderOptions) {
    const maxSymbols = options.maxSymbols ?? FREE_PLAN_SYMBOLS;
    let unsupported = 0;
    let overLimit = 0;
    for (const instrument of options.symbols) {
      const symbol = finnhubSymbol(instrument);
      if (symbol === null) unsupported += 1;
      else if (this.subscriptions.has(symbol)) continue;
      else if (this.subscriptions.size >= maxSymbols) overLimit += 1;
      else this.subscriptions.set(symbol, { source: instrument.source, code: instrument.code });
    }
    this.unsupported = unsupported;
    this.overLimit = overLimit;
  }

  async start(onTick: TickListener): Promise<void> {
    if (this.listener) throw new Error('Finnhub provider is already running');
    const endpoint = finnhubEndpoint(this.options.url ?? FINNHUB_URL, this.options.token);
    this.logSkipped();
    this.listener = onTick;
    try {
      await new Promise<void>((resolve, reject) => this.connect(endpoint, { resolve, reject }));
    } catch (error) {
      this.listener = undefined;
      throw error;
    }
  }

  async stop(): Promise<void> {
    this.listener = undefined;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    // Forgetting the socket first tells its close handler this close is wanted.
    this.socket = undefined;
    if (socket) await closeSocket(socket);
  }

  private connect(endpoint: URL, first?: FirstConnection): void {
    const socket = new WebSocket(endpoint);
    this.socket = socket;
    let opened = false;
    let lastError: Error | undefined;
    socket.on('open', () => {
      opened = true;
      this.failedAttempts = 0;
      for (const symbol of this.subscriptions.keys()) socket.send(JSON.stringify({ type: 'subscribe', symbol }));
      this.options.log.info(`Finnhub: connected, subscribed to ${this.subscriptions.size} symbols`);
      first?.resolve();
    });
    socket.on('message', (data) => {
      if (this.socket === socket) this.handleMessage(data);
    });
    // ws always follows an error with a close; the close decides what happens next.
    socket.on('error', (error) => {
      lastError = error;
    });
    socket.on('close', (code) => {
      const reason = lastError ? lastError.message : `closed with code ${code}`;
      if (first && !opened) {
        if (this.socket === socket) this.socket = undefined;
        first.reject(new Error(`Finnhub: could not connect to ${endpoint.origin}: ${reason}`));
        return;
      }
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.scheduleReconnect(endpoint, reason);
    });
  }

  private scheduleReconnect(endpoint: URL, reason: string): void {
    const delay = reconnectDelayMs(
      this.failedAttempts,
      this.options.reconnectBaseMs ?? 1_000,
      this.options.reconnectMaxMs ?? 30_000,
    );
    this.failedAttempts += 1;
    this.options.log.warn(`Finnhub: connection lost (${reason}); reconnecting in ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect(endpoint);
    }, delay);
    this.reconnectTimer.unref();
  }

  private handleMessage(data: RawData): void {
    // With ws's default binary type every frame arrives as one Buffer.
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.options.log.warn(`Finnhub: skipped a message that is not JSON: ${preview(text)}`);
      return;
    }
    const message = messageSchema.safeParse(json);
    if (!message.success) {
      this.options.log.warn(`Finnhub: skipped an unexpected message: ${preview(text)}`);
      return;
    }
    switch (message.data.type) {
      case 'ping':
        return;
      case 'error':
        this.options.log.error(`Finnhub: server error: ${message.data.msg}`);
        return;
      case 'trade':
        this.handleTrades(message.data.data, text);
    }
  }

  private handleTrades(trades: unknown[], text: string): void {
    let malformed = 0;
    for (const raw of trades) {
      const trade = tradeSchema.safeParse(raw);
      if (!trade.success) {
        malformed += 1;
        continue;
      }
      const { s, p, t, v } = trade.data;
      const instrument = this.subscriptions.get(s);
      if (instrument) this.listener?.({ ...instrument, price: p, volume: v, ts: t });
    }
    if (malformed > 0) this.options.log.warn(`Finnhub: skipped ${malformed} malformed trade(s): ${preview(text)}`);
  }

  private logSkipped(): void {
    if (this.unsupported > 0) {
      this.options.log.info(
        `Finnhub: skipped ${this.unsupported} symbols the free plan does not stream (futures, Taiwan stocks, indices)`,
      );
    }
    if (this.overLimit > 0) {
      this.options.log.info(
        `Finnhub: subscribing to the first ${this.subscriptions.size} symbols; skipped ${this.overLimit} over the limit`,
      );
    }
  }
}

function finnhubEndpoint(url: string, token: string): URL {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new Error(`Finnhub: url must be a ws:// or wss:// URL (got "${url}")`);
  }
  if (endpoint.protocol !== 'ws:' && endpoint.protocol !== 'wss:') {
    throw new Error(`Finnhub: url must be a ws:// or wss:// URL (got "${url}")`);
  }
  if (token === '') throw new Error('Finnhub: an API token is required');
  endpoint.searchParams.set('token', token);
  return endpoint;
}

function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const drop = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(drop);
      resolve();
    });
    socket.close(1000);
  });
}

const preview = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text);

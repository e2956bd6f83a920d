import { z } from 'zod';
import { type QuoteSource, quoteSources } from './codes.js';
import { stockCodeSchema } from './market.js';
import { visitorTokenSchema, type AgentConversation, type ChatMessage } from './chat.js';
import type { InboxMessage } from './inbox.js';
import type { Order, Position } from './trading.js';
import type { PriceAlert } from './alerts.js';
import type { WalletBalance } from './wallet.js';

/** The most symbols one connection may watch at once. */
export const WS_MAX_SUBSCRIPTIONS = 200;

export const wsSymbolSchema = z.strictObject({
  source: z
    .number()
    .int()
    .refine((n): n is QuoteSource => (quoteSources as readonly number[]).includes(n), 'must be 0, 2, 3, 7 or 99'),
  code: stockCodeSchema,
});
export type WsSymbol = z.infer<typeof wsSymbolSchema>;

const symbolList = z.array(wsSymbolSchema).min(1).max(WS_MAX_SUBSCRIPTIONS);

/** Messages the client may send on `/ws`. */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ping'), ts: z.number().int().optional() }),
  z.strictObject({ type: z.literal('subscribe'), symbols: symbolList }),
  z.strictObject({ type: z.literal('unsubscribe'), symbols: symbolList }),
  /** Joins the caller's private channel (orders, positions, balances) with their session token. */
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(128) }),
  /** Joins a visitor's support conversation (not signed in) with the visitor token the app keeps. */
  z.strictObject({ type: z.literal('visitor'), visitorToken: visitorTokenSchema }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/** One price update; `ts` is the tick time in Unix milliseconds so latency can be measured. */
export interface QuoteTick {
  source: number;
  code: string;
  price_nominal: number;
  /** The house's bid and ask around `price_nominal` (as a quote item's). */
  bid: number;
  ask: number;
  change: number;
  change_ratio: number;
  volume: number;
  fall: boolean;
  ts: number;
}

/** Every message the server may send on `/ws`, keyed by type: only these payloads go out. */
export interface WsServerEvents {
  hello: { serverTime: number; heartbeatSeconds: number };
  pong: { ts?: number; serverTime: number };
  heartbeat: { serverTime: number };
  error: { msg: string };
  /** `rejected`: symbols that are not in the instrument master (named in an `error` too). */
  subscribed: { symbols: WsSymbol[]; rejected: WsSymbol[]; total: number };
  unsubscribed: { symbols: WsSymbol[]; total: number };
  quote: { tick: QuoteTick };
  authenticated: { userId: number };
  order: { order: Order };
  position: { position: Position };
  balance: { wallet: WalletBalance };
  /** A new inbox message: a review's verdict, a liquidation, an expiry. */
  message: { message: InboxMessage };
  /** One of the owner's price alerts fired (once; it is off from then on). */
  alert: { alert: PriceAlert };
  /** The socket now hears its visitor conversation's `chat` and `chatClosed` events. */
  visitorJoined: { serverTime: number };
  /** A line in the owner's support conversation (their own from another device, or an agent's answer). */
  chat: { message: ChatMessage; unread: number };
  /** Support closed the owner's conversation; the next message opens a new one. */
  chatClosed: { conversationId: number };
  /** For admins only: a conversation changed (a new line, read by an agent, closed). */
  agentChat: { conversation: AgentConversation; message: ChatMessage | null };
}
export type WsServerMessage = { [K in keyof WsServerEvents]: { type: K } & WsServerEvents[K] }[keyof WsServerEvents];

/** The largest websocket message the server accepts, in bytes. */
export const WS_MAX_MESSAGE_BYTES = 16_384;

export function symbolKey(symbol: { source: number; code: string }): string {
  return `${symbol.source}:${symbol.code}`;
}

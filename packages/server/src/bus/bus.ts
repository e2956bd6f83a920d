import type { Redis } from 'ioredis';
import {
  agentConversationSchema,
  chatMessageSchema,
  inboxMessageSchema,
  orderSchema,
  positionSchema,
  priceAlertSchema,
  quoteSources,
  walletBalanceSchema,
  type QuoteSource,
  type WsServerMessage,
} from '@tradewind/contract';
import { z } from 'zod';

/** One trade or price update from a provider, before the feed turns it into quotes and bars. */
export interface ProviderTick {
  source: QuoteSource;
  code: string;
  price: number;
  /** Units traded with this tick (0 for an indicative price such as forex or an index). */
  volume: number;
  /** Tick time, Unix milliseconds. */
  ts: number;
}

/** What a user's own sockets hear: their orders, positions, balances, inbox and support chat. */
export type PrivateMessage = Extract<WsServerMessage, { type: 'order' | 'position' | 'balance' | 'message' | 'alert' | 'chat' | 'chatClosed' }>;
/** What a visitor's sockets hear, keyed by the hash of their chat token. */
export type VisitorMessage = Extract<WsServerMessage, { type: 'chat' | 'chatClosed' }>;
/** What every signed-in admin's sockets hear for the agent console. */
export type AgentMessage = Extract<WsServerMessage, { type: 'agentChat' }>;

/** A row the leader's engines keep in memory changed on another process; the leader reloads it. */
export interface ChangedRow {
  kind: 'order' | 'position' | 'robot';
  id: number;
}

/** Why sessions ended; the close reason a socket of theirs is given (docs/security.md). */
export const sessionEndReasons = ['logout', 'passwordChanged', 'passwordReset', 'revoked', 'revokedOthers', 'blocked', 'expired'] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** Sessions that no longer sign in: every process closes the sockets authenticated with them. */
export interface SessionsEnded {
  sessionIds: number[];
  reason: SessionEndReason;
}

/** Users whose row changed (permissions, identity status, block): every process forgets the sessions it keeps of them. */
export interface UsersChanged {
  userIds: number[];
}

/** A user's first socket joined this process (`on`), or their last one left it. */
export interface ListeningChange {
  process: string;
  userId: number;
  on: boolean;
}

/** Every user with a socket on this process; `ask` asks the others to answer with theirs (a start, a gap in the bus). */
export interface ListeningUsers {
  process: string;
  users: number[];
  ask: boolean;
}

/** Every topic the bus carries and its payload. */
export interface BusTopics {
  /** Provider prices from the leader's feed; every process applies them to its own quotes and bars. */
  tick: ProviderTick;
  changed: ChangedRow;
  user: { userId: number; message: PrivateMessage };
  visitor: { tokenHash: string; message: VisitorMessage };
  agent: AgentMessage;
  sessionEnded: SessionsEnded;
  usersChanged: UsersChanged;
  listening: ListeningChange;
  listeners: ListeningUsers;
}
export type BusTopic = keyof BusTopics;
/**
 * Topics whose handlers on the publishing process must have run before `publish` returns, even on
 * the Redis bus (which otherwise delivers when Redis sends the message back): what a revocation
 * makes this process forget must be forgotten before its answer leaves. Their handlers are
 * idempotent, so hearing the message again from Redis changes nothing.
 */
export const heardAtOnceTopics: ReadonlySet<BusTopic> = new Set<BusTopic>(['sessionEnded', 'usersChanged']);
export type BusHandler<T extends BusTopic> = (payload: BusTopics[T]) => void;
export const busTopics = ['tick', 'changed', 'user', 'visitor', 'agent', 'sessionEnded', 'usersChanged', 'listening', 'listeners'] as const satisfies readonly BusTopic[];

/**
 * Carries events between the parts of the server, and between server processes when it is the
 * Redis bus. Handlers of one topic hear its messages in the order they were published; a handler
 * that throws is logged and the others still hear the message.
 */
export interface Bus {
  /** True when other processes hear what this one publishes (and this one hears theirs). */
  readonly crossProcess: boolean;
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void;
  /** Returns the function that unsubscribes the handler. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void;
  /**
   * False while this process may miss messages (its Redis subscription is down); what is kept in
   * memory on the strength of the bus's messages must not be trusted then.
   */
  readonly hearing: boolean;
  /** Calls `handler` when messages may have been missed (the subscription dropped) and again when it is back. */
  onGap(handler: () => void): void;
  /** Redis's connection for ordinary commands (the rate limits' counters); absent on a bus without Redis. */
  readonly commands?: Redis;
  close(): Promise<void>;
}

export interface BusLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const chatEvent = z.object({ type: z.literal('chat'), message: chatMessageSchema, unread: z.number().int() });
const chatClosedEvent = z.object({ type: z.literal('chatClosed'), conversationId: z.number().int() });

/** A message from another process is checked against these before any socket sees it. */
export const busPayloadSchemas: { [T in BusTopic]: z.ZodType<BusTopics[T]> } = {
  tick: z.object({
    source: z.number().int().refine((n): n is QuoteSource => (quoteSources as readonly number[]).includes(n)),
    code: z.string().min(1).max(20),
    price: z.number().positive(),
    volume: z.number().nonnegative(),
    ts: z.number().int(),
  }),
  changed: z.object({ kind: z.enum(['order', 'position', 'robot']), id: z.number().int().positive() }),
  user: z.object({
    userId: z.number().int().positive(),
    message: z.discriminatedUnion('type', [
      z.object({ type: z.literal('order'), order: orderSchema }),
      z.object({ type: z.literal('position'), position: positionSchema }),
      z.object({ type: z.literal('balance'), wallet: walletBalanceSchema }),
      z.object({ type: z.literal('message'), message: inboxMessageSchema }),
      z.object({ type: z.literal('alert'), alert: priceAlertSchema }),
      chatEvent,
      chatClosedEvent,
    ]),
  }),
  visitor: z.object({
    tokenHash: z.string().min(1).max(128),
    message: z.discriminatedUnion('type', [chatEvent, chatClosedEvent]),
  }),
  agent: z.object({ type: z.literal('agentChat'), conversation: agentConversationSchema, message: chatMessageSchema.nullable() }),
  sessionEnded: z.object({ sessionIds: z.array(z.number().int().positive()).max(10_000), reason: z.enum(sessionEndReasons) }),
  usersChanged: z.object({ userIds: z.array(z.number().int().positive()).max(10_000) }),
  listening: z.object({ process: z.string().uuid(), userId: z.number().int().positive(), on: z.boolean() }),
  listeners: z.object({ process: z.string().uuid(), users: z.array(z.number().int().positive()).max(1_000_000), ask: z.boolean() }),
};

/** Delivers one message to each handler; one failing handler does not keep it from the rest. */
export function deliver<T extends BusTopic>(handlers: Iterable<BusHandler<T>>, topic: T, payload: BusTopics[T], log: BusLog): void {
  for (const handler of handlers) {
    try {
      handler(payload);
    } catch (error) {
      log.error({ err: error, topic }, 'bus: a handler failed');
    }
  }
}

import { z } from 'zod';

/** Messages the client may send on `/ws`. */
export const wsClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ping'), ts: z.number().int().optional() }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/** Every message the server may send on `/ws`, keyed by type: only these payloads go out. */
export interface WsServerEvents {
  hello: { serverTime: number; heartbeatSeconds: number };
  pong: { ts?: number; serverTime: number };
  heartbeat: { serverTime: number };
  error: { msg: string };
}
export type WsServerMessage = { [K in keyof WsServerEvents]: { type: K } & WsServerEvents[K] }[keyof WsServerEvents];

/** The largest websocket message the server accepts, in bytes. */
export const WS_MAX_MESSAGE_BYTES = 4096;

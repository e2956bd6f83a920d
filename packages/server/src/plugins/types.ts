import type { Locale } from '@tradewind/contract';
import type { Bus } from '../bus/bus.js';
import type { Config } from '../config/config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import type { AnswerFastLane } from '../lib/answer-fast-lane.js';
import type { Clock } from '../lib/clock.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { RateLimitedAction } from './rate-limit.plugin.js';

/** Who may call a route; every route declares it in `config.auth` (the access matrix reads it). */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface AuthContext {
  user: UserRow;
  sessionId: number;
  /** When the session stops signing in; an open socket is closed then (modules/realtime). */
  sessionExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    bus: Bus;
    database: DatabaseHandle;
    clock: Clock;
    rateLimiter: RateLimiter;
    /** Answers visitors' repeated public reads before Fastify (lib/answer-fast-lane.ts); routes publish to it. */
    answerFastLane: AnswerFastLane;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAccess;
    /** Counts the call against a per-user limit (see plugins/rate-limit.plugin.ts). */
    rateLimit?: RateLimitedAction;
    /** The route reads an `Idempotency-Key` header (`idempotencyKeyOf`); the API document declares it. */
    idempotencyKey?: boolean;
  }
}

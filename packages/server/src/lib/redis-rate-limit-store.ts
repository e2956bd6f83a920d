import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limiter.js';

/**
 * Rate-limit windows in Redis, so a limit holds across every server process (a client spread over
 * processes by the balancer still gets `limit` calls, not `limit` per process). Windows are fixed
 * and aligned to multiples of their length on the app clock; a key lives a little past its window.
 * If Redis does not answer, the call is let through (and logged once): a Redis outage should not
 * take sign-in and trading down. The pay-password lock-out is counted in the database; the
 * sign-in failure limits are counted here (docs/security.md, "Guessing and lock-out").
 */
export class RedisRateLimitStore implements RateLimitStore {
  private failing = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: { warn(object: object, message: string): void; info(object: object, message: string): void },
  ) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }> {
    const window = Math.floor(nowMs / windowMs);
    const resetAtMs = (window + 1) * windowMs;
    const redisKey = `${this.prefix}:rl:${key}:${windowMs}`;
    try {
      // The window index is part of the value's key so an old window's count never leaks into a new one.
      const results = await this.redis.multi().hincrby(redisKey, String(window), 1).pexpire(redisKey, windowMs * 2).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      if (this.failing) {
        this.failing = false;
        this.log.info({}, 'rate limits: Redis answers again');
      }
      // Drop the previous window's field now and then; the key's expiry removes the rest.
      if (count === 1) void this.redis.hdel(redisKey, String(window - 1)).catch(() => undefined);
      return { count, resetAtMs };
    } catch (error) {
      if (!this.failing) {
        this.failing = true;
        this.log.warn({ err: error }, 'rate limits: Redis does not answer; calls are let through until it does');
      }
      return { count: 0, resetAtMs };
    }
  }

  async peek(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }> {
    const window = Math.floor(nowMs / windowMs);
    const resetAtMs = (window + 1) * windowMs;
    try {
      return { count: Number((await this.redis.hget(`${this.prefix}:rl:${key}:${windowMs}`, String(window))) ?? 0), resetAtMs };
    } catch {
      // As in `hit`: an unreachable Redis lets the call through (logged there).
      return { count: 0, resetAtMs };
    }
  }

  async reset(key: string, windowMs: number): Promise<void> {
    await this.redis.unlink(`${this.prefix}:rl:${key}:${windowMs}`).catch(() => undefined);
  }
}

import { AppError } from './app-error.js';
import type { MessageKey } from '../i18n/messages.js';

/** Counts hits per key in fixed windows: in memory for one process, in Redis for a cluster (redis-rate-limit-store.ts). */
export interface RateLimitStore {
  /** Adds one hit to `key` and returns the hits in the current window and when the window ends (ms epoch). */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
  reset(key: string, windowMs: number): Promise<void>;
  /** The hits in the current window without adding one, and when it ends. */
  peek(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAtMs: number }>();

  hit(key: string, windowMs: number, nowMs: number) {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAtMs <= nowMs) {
      entry = { count: 0, resetAtMs: nowMs + windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 100_000) this.sweep(nowMs);
    }
    entry.count += 1;
    return Promise.resolve({ ...entry });
  }

  reset(key: string) {
    this.windows.delete(key);
    return Promise.resolve();
  }

  peek(key: string, windowMs: number, nowMs: number) {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAtMs <= nowMs) return Promise.resolve({ count: 0, resetAtMs: nowMs + windowMs });
    return Promise.resolve({ ...entry });
  }

  private sweep(nowMs: number) {
    for (const [key, entry] of this.windows) if (entry.resetAtMs <= nowMs) this.windows.delete(key);
  }
}

export interface RateRule {
  /** Short name used in the key, e.g. `login-ip`. */
  name: string;
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number,
  ) {}

  /** Counts one hit; returns seconds to wait when over the limit, or 0 when allowed. */
  async consume(rule: RateRule, subject: string): Promise<number> {
    const nowMs = this.now();
    const { count, resetAtMs } = await this.store.hit(`${rule.name}:${subject}`, rule.windowMs, nowMs);
    return count > rule.limit ? Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)) : 0;
  }

  /**
   * Seconds to wait when the subject already has `limit` hits in this window, else 0; adds none.
   * For limits that count only failures: peek before the attempt, `consume` when it fails.
   */
  async peek(rule: RateRule, subject: string): Promise<number> {
    const nowMs = this.now();
    const { count, resetAtMs } = await this.store.peek(`${rule.name}:${subject}`, rule.windowMs, nowMs);
    return count >= rule.limit ? Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)) : 0;
  }

  /** Counts one hit and refuses past the limit with 429, the wait in `msg` and in Retry-After. */
  async enforce(rule: RateRule, subject: string, message: MessageKey = 'tooManyRequests'): Promise<void> {
    const wait = await this.consume(rule, subject);
    if (wait > 0) throw AppError.tooManyRequests(wait, message);
  }

  /** Forgets a subject's hits (a closed websocket's counter). */
  forget(rule: RateRule, subject: string): Promise<void> {
    return this.store.reset(`${rule.name}:${subject}`, rule.windowMs);
  }
}

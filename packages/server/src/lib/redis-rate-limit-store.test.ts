import { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../../test/redis.js';
import { RateLimiter } from './rate-limiter.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

const quiet = { warn: () => undefined, info: () => undefined };
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

function connection(url = redisTestUrl) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  closers.push(() => redis.quit().catch(() => redis.disconnect()));
  return redis;
}

describeWithRedis('rate limits in Redis', () => {
  const rule = { name: 'order', limit: 5, windowMs: 60_000 };

  it('two processes share one count: the sixth call across both is refused, with the wait to the window’s end', async () => {
    const prefix = testBusPrefix();
    let now = 1_800_000_000_000 + 10_000; // 10 s into a minute window
    const first = new RateLimiter(new RedisRateLimitStore(connection(), prefix, quiet), () => now);
    const second = new RateLimiter(new RedisRateLimitStore(connection(), prefix, quiet), () => now);
    const waits = [];
    for (let i = 0; i < 6; i += 1) waits.push(await (i % 2 === 0 ? first : second).consume(rule, 'user:7'));
    expect(waits).toEqual([0, 0, 0, 0, 0, 50]);
    expect(await first.consume(rule, 'user:8')).toBe(0);
    now += 50_000; // the next window
    expect(await second.consume(rule, 'user:7')).toBe(0);
  });

  it('forgetting a subject clears its count everywhere', async () => {
    const prefix = testBusPrefix();
    const now = 1_800_000_000_000;
    const first = new RateLimiter(new RedisRateLimitStore(connection(), prefix, quiet), () => now);
    const second = new RateLimiter(new RedisRateLimitStore(connection(), prefix, quiet), () => now);
    for (let i = 0; i < 5; i += 1) await first.consume(rule, 'ip:1');
    expect(await second.consume(rule, 'ip:1')).toBeGreaterThan(0);
    await second.forget(rule, 'ip:1');
    expect(await first.consume(rule, 'ip:1')).toBe(0);
  });

  it('lets calls through, and says so once, while Redis does not answer', async () => {
    const warnings: string[] = [];
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    closers.push(() => Promise.resolve(down.disconnect()));
    const limiter = new RateLimiter(new RedisRateLimitStore(down, testBusPrefix(), { warn: (_o, m) => warnings.push(m), info: () => undefined }), () => 0);
    for (let i = 0; i < 10; i += 1) expect(await limiter.consume(rule, 'user:1')).toBe(0);
    expect(warnings).toEqual(['rate limits: Redis does not answer; calls are let through until it does']);
  });
});

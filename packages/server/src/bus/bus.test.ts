import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../../test/redis.js';
import { loadConfig } from '../config/config.js';
import type { Bus, BusLog, BusTopics, ProviderTick } from './bus.js';
import { InProcessBus } from './in-process-bus.js';
import { RedisBus } from './redis-bus.js';

interface Logged {
  level: 'info' | 'warn' | 'error';
  message: string;
  object: object;
}

function recordingLog(lines: Logged[]): BusLog {
  return {
    info: (object, message) => lines.push({ level: 'info', message, object }),
    warn: (object, message) => lines.push({ level: 'warn', message, object }),
    error: (object, message) => lines.push({ level: 'error', message, object }),
  };
}

const tick = (ts: number): ProviderTick => ({ source: 0, code: 'AAPL', price: 200 + ts / 100, volume: ts, ts });
const balance = (userId: number, amount: number): BusTopics['user'] => ({
  userId,
  message: { type: 'balance', wallet: { walletType: 'BALANCE', currency: 'USD', balance: amount, available: amount, frozen: 0 } },
});

async function eventually(check: () => void, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Two ends of one bus: in one process both are the same bus, with Redis two processes' buses. */
interface Pair {
  publisher: Bus;
  listener: Bus;
  log: Logged[];
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function contract(name: string, makePair: () => Promise<Pair>) {
  describe(`${name}: the bus contract`, () => {
    it('delivers a topic in publish order, each topic only to its own handlers', async () => {
      const { publisher, listener } = await makePair();
      const quotes: number[] = [];
      const users: number[] = [];
      listener.subscribe('tick', (t) => quotes.push(t.ts));
      listener.subscribe('user', (u) => users.push(u.userId));
      for (let i = 1; i <= 200; i++) {
        publisher.publish('tick', tick(i));
        if (i % 50 === 0) publisher.publish('user', balance(i, i));
      }
      await eventually(() => expect(quotes).toHaveLength(200));
      expect(quotes).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      await eventually(() => expect(users).toEqual([50, 100, 150, 200]));
    });

    it('a message published by a handler comes after the one it is handling, for every handler', async () => {
      const { publisher, listener } = await makePair();
      const first: number[] = [];
      const second: number[] = [];
      listener.subscribe('tick', (t) => {
        first.push(t.ts);
        if (t.ts === 1) listener.publish('tick', tick(2));
      });
      listener.subscribe('tick', (t) => second.push(t.ts));
      publisher.publish('tick', tick(1));
      await eventually(() => expect(second).toEqual([1, 2]));
      expect(first).toEqual([1, 2]);
    });

    it('an unsubscribed handler hears nothing more; a throwing handler keeps no one else from the message', async () => {
      const { publisher, listener, log } = await makePair();
      const kept: number[] = [];
      const gone: number[] = [];
      const stop = listener.subscribe('tick', (t) => gone.push(t.ts));
      listener.subscribe('tick', () => {
        throw new Error('handler bug');
      });
      listener.subscribe('tick', (t) => kept.push(t.ts));
      publisher.publish('tick', tick(1));
      await eventually(() => expect(kept).toEqual([1]));
      stop();
      publisher.publish('tick', tick(2));
      await eventually(() => expect(kept).toEqual([1, 2]));
      expect(gone).toEqual([1]);
      expect(log.filter((l) => l.level === 'error' && l.message === 'bus: a handler failed')).toHaveLength(2);
    });
  });
}

contract('in-process', () => {
  const log: Logged[] = [];
  const bus = new InProcessBus(recordingLog(log));
  closers.push(() => bus.close());
  return Promise.resolve({ publisher: bus, listener: bus, log });
});

describe('in-process bus', () => {
  it('hands handlers the published object itself, synchronously (no serialising in one process)', () => {
    const bus = new InProcessBus(recordingLog([]));
    const heard: unknown[] = [];
    bus.subscribe('user', (u) => heard.push(u));
    const event = balance(7, 1);
    bus.publish('user', event);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBe(event);
    expect(bus.crossProcess).toBe(false);
  });
});

describe('REDIS_URL', () => {
  it('is checked with the configuration: a value that is not a redis:// URL stops the start naming it', () => {
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must be a URL like redis:\/\/host:6379/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
    expect(loadConfig({ REDIS_URL: 'redis://:secret@cache:6380/1' }).REDIS_URL).toBe('redis://:secret@cache:6380/1');
  });

  it('a Redis that does not answer fails the start at once, naming REDIS_URL and not the password', async () => {
    const connecting = RedisBus.connect({ url: 'redis://:hunter2@127.0.0.1:1', prefix: testBusPrefix(), log: recordingLog([]) });
    await expect(connecting).rejects.toThrow(/^REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1 \(.*ECONNREFUSED/);
    await connecting.catch((error: Error) => expect(error.message).not.toContain('hunter2'));
  });
});

async function redisPair(): Promise<Pair> {
  const log: Logged[] = [];
  const prefix = testBusPrefix();
  const publisher = await RedisBus.connect({ url: redisTestUrl, prefix, log: recordingLog(log) });
  const listener = await RedisBus.connect({ url: redisTestUrl, prefix, log: recordingLog(log) });
  closers.push(() => publisher.close(), () => listener.close());
  return { publisher, listener, log };
}

describeWithRedis('Redis bus', () => {
  contract('redis (two connections, as two processes)', redisPair);

  it('the publishing process hears its own messages too, and only buses with the same prefix hear them', async () => {
    const { publisher, listener } = await redisPair();
    const other = await RedisBus.connect({ url: redisTestUrl, prefix: testBusPrefix(), log: recordingLog([]) });
    closers.push(() => other.close());
    const heard: string[] = [];
    publisher.subscribe('tick', (t) => heard.push(`publisher ${t.ts}`));
    listener.subscribe('tick', (t) => heard.push(`listener ${t.ts}`));
    other.subscribe('tick', (t) => heard.push(`other ${t.ts}`));
    publisher.publish('tick', tick(1));
    await eventually(() => expect(heard.sort()).toEqual(['listener 1', 'publisher 1']));
    expect(publisher.crossProcess).toBe(true);
  });

  it('reconnects when Redis drops its connections, logs it, and delivers again', async () => {
    const log: Logged[] = [];
    const prefix = testBusPrefix();
    const bus = await RedisBus.connect({ url: redisTestUrl, prefix, log: recordingLog(log) });
    const raw = new Redis(redisTestUrl);
    closers.push(() => bus.close(), async () => void (await raw.quit()));
    const heard: number[] = [];
    bus.subscribe('tick', (t) => heard.push(t.ts));
    const clients = String(await raw.client('LIST'));
    const ids = clients.split('\n').filter((line) => line.includes(` name=${prefix}:`)).map((line) => /id=(\d+)/.exec(line)?.[1]);
    expect(ids).toHaveLength(2);
    for (const id of ids) await raw.client('KILL', 'ID', String(id));
    // Pub/sub keeps nothing for a process that is away, so publish until the new connection hears.
    let ts = 0;
    await eventually(() => {
      bus.publish('tick', tick((ts += 1)));
      expect(heard.length).toBeGreaterThan(0);
    }, 5000);
    expect(log.map((l) => l.message)).toContain('bus: Redis connection is back');
  });

  it('drops and logs a message that is not JSON or not the topic’s shape, and goes on delivering', async () => {
    const log: Logged[] = [];
    const prefix = testBusPrefix();
    const listener = await RedisBus.connect({ url: redisTestUrl, prefix, log: recordingLog(log) });
    closers.push(() => listener.close());
    const raw = new Redis(redisTestUrl);
    closers.push(async () => void (await raw.quit()));
    const heard: BusTopics['user'][] = [];
    listener.subscribe('user', (u) => heard.push(u));
    await raw.publish(`${prefix}:user`, '{not json');
    await raw.publish(`${prefix}:user`, JSON.stringify({ userId: 'everyone', message: { type: 'balance' } }));
    await raw.publish(`${prefix}:user`, JSON.stringify({ userId: 7, message: { type: 'shutdown' } }));
    await raw.publish(`${prefix}:user`, JSON.stringify(balance(7, 5)));
    await eventually(() => expect(heard).toEqual([balance(7, 5)]));
    expect(listener.dropped).toBe(3);
    const warnings = log.filter((l) => l.level === 'warn').map((l) => ({ message: l.message, ...(l.object as { topic: string; reason: string }) }));
    expect(warnings).toEqual([
      expect.objectContaining({ message: 'bus: dropped a malformed message from Redis', topic: 'user', reason: 'not JSON' }),
      expect.objectContaining({ topic: 'user', reason: expect.stringMatching(/^userId: /) as string }),
      expect.objectContaining({ topic: 'user', reason: expect.stringMatching(/^message\.type: /) as string }),
    ]);
  });

  it('checks a sessionEnded message too: a reason it does not know or ids that are not ids are dropped', async () => {
    const prefix = testBusPrefix();
    const listener = await RedisBus.connect({ url: redisTestUrl, prefix, log: recordingLog([]) });
    closers.push(() => listener.close());
    const raw = new Redis(redisTestUrl);
    closers.push(async () => void (await raw.quit()));
    const heard: BusTopics['sessionEnded'][] = [];
    listener.subscribe('sessionEnded', (m) => heard.push(m));
    await raw.publish(`${prefix}:sessionEnded`, JSON.stringify({ sessionIds: [1], reason: 'whatever' }));
    await raw.publish(`${prefix}:sessionEnded`, JSON.stringify({ sessionIds: ['all'], reason: 'logout' }));
    await raw.publish(`${prefix}:sessionEnded`, JSON.stringify({ sessionIds: [3, 4], reason: 'passwordReset' }));
    await eventually(() => expect(heard).toEqual([{ sessionIds: [3, 4], reason: 'passwordReset' }]));
    expect(listener.dropped).toBe(2);
  });
});

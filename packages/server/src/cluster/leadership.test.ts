import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { AdvisoryLock, SoleProcessLock } from './leader-lock.js';
import { Leadership, type Singleton } from './leadership.js';

const quiet = { info: () => undefined, error: () => undefined };
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

/** A singleton that records when it runs, and how many copies of it run at once across processes. */
function recorder(name: string, log: string[], concurrent: { now: number; max: number }): Singleton {
  return {
    start() {
      concurrent.now += 1;
      concurrent.max = Math.max(concurrent.max, concurrent.now);
      log.push(`${name} start`);
    },
    stop() {
      concurrent.now -= 1;
      log.push(`${name} stop`);
    },
  };
}

async function until(check: () => boolean, ms: number): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('leadership on the embedded database', () => {
  it('the one process leads as soon as it starts, starts singletons in order and stops them in reverse', async () => {
    const log: string[] = [];
    const count = { now: 0, max: 0 };
    const leadership = new Leadership(new SoleProcessLock(), quiet, 1000);
    leadership.register('feed', recorder('feed', log, count));
    leadership.register('engine', recorder('engine', log, count));
    await leadership.start();
    expect(leadership.isLeader).toBe(true);
    await leadership.stop();
    expect(log).toEqual(['feed start', 'engine start', 'engine stop', 'feed stop']);
    expect(() => leadership.register('late', recorder('late', log, count))).not.toThrow();
  });
});

const databaseUrl = process.env.DATABASE_URL;

(databaseUrl ? describe : describe.skip)('leadership over a PostgreSQL advisory lock', () => {
  const url = databaseUrl ?? '';
  // Each test its own key: advisory locks are per database, and test files share none of them.
  const key = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000);

  function candidate(name: string, lockKey: number, log: string[], count: { now: number; max: number }) {
    const leadership = new Leadership(new AdvisoryLock(url, lockKey, () => undefined), quiet, 100);
    leadership.register(name, recorder(name, log, count));
    closers.push(() => leadership.stop());
    return leadership;
  }

  it('exactly one of three processes leads; when it stops, another takes over at once', async () => {
    const lockKey = key();
    const log: string[] = [];
    const count = { now: 0, max: 0 };
    const processes = [candidate('a', lockKey, log, count), candidate('b', lockKey, log, count), candidate('c', lockKey, log, count)];
    await Promise.all(processes.map((p) => p.start()));
    expect(processes.filter((p) => p.isLeader)).toHaveLength(1);
    const first = processes.find((p) => p.isLeader)!;
    await first.stop();
    const took = await until(() => processes.filter((p) => p.isLeader).length === 1, 2000);
    expect(first.isLeader).toBe(false);
    expect(took).toBeLessThan(1000);
    expect(count.max).toBe(1);
  });

  it('a leader whose database session dies steps down, and another process takes over', async () => {
    const lockKey = key();
    const log: string[] = [];
    const count = { now: 0, max: 0 };
    const a = candidate('a', lockKey, log, count);
    await a.start();
    const b = candidate('b', lockKey, log, count);
    await b.start();
    expect([a.isLeader, b.isLeader]).toEqual([true, false]);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    closers.push(() => admin.end());
    const killed = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted`,
      [lockKey],
    );
    expect(killed.rows).toHaveLength(1);
    await until(() => b.isLeader, 3000);
    expect(a.isLeader).toBe(false);
    expect(log).toEqual(['a start', 'a stop', 'b start']);
    expect(count.max).toBe(1);
  });
});

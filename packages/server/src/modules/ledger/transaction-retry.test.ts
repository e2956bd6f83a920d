/**
 * The retry in `inTransaction` (SECURITY checklist: serialization failures and deadlocks are retried,
 * never answered as 5xx), exercised for real: two transactions on PostgreSQL forced into a deadlock
 * (40P01) and into a serialization failure (40001). The loser is retried and its work lands exactly
 * once, as does its after-commit effect. PGlite runs one connection, so neither can happen there:
 * this suite runs with DATABASE_URL and is skipped, saying so, without it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase } from '../../../test/crash/crash-server.js';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../../db/client.js';
import { inTransaction } from './ledger.service.js';

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) console.warn('skipping the transaction retry tests: they need PostgreSQL (set DATABASE_URL)');

/** Resolves when both sides have arrived (first attempts only; a retry does not wait). */
function barrier() {
  let arrived = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === 2) release();
    return all;
  };
}

(baseUrl ? describe : describe.skip)('inTransaction retries on PostgreSQL', () => {
  let fresh: FreshDatabase;
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    fresh = await createFreshDatabase(baseUrl ?? '');
    handle = await openDatabase({ databaseUrl: fresh.url, dataDir: 'memory://', poolSize: 4 });
    db = handle.db;
    await db.execute(sql`CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL)`);
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
    await fresh?.drop();
  });
  beforeEach(async () => {
    await db.execute(sql`TRUNCATE retry_probe`);
    await db.execute(sql`INSERT INTO retry_probe (id, n) VALUES (1, 0), (2, 0)`);
  });

  const values = async () => (await queryRows<{ id: number; n: number }>(db, sql`SELECT id, n FROM retry_probe ORDER BY id`)).map((row) => row.n);

  it('a deadlock (two transactions locking two rows in opposite order): the loser is retried and both land exactly once', async () => {
    const attempts = { ab: 0, ba: 0 };
    const effects = { ab: 0, ba: 0 };
    const bothHoldTheirFirstRow = barrier();
    const run = (name: 'ab' | 'ba', first: number, second: number) =>
      inTransaction(db, async (tx, afterCommit) => {
        attempts[name] += 1;
        await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${first}`);
        if (attempts[name] === 1) await bothHoldTheirFirstRow();
        await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${second}`);
        afterCommit(() => (effects[name] += 1));
        return name;
      });
    const results = await Promise.all([run('ab', 1, 2), run('ba', 2, 1)]);

    expect(results).toEqual(['ab', 'ba']);
    // PostgreSQL broke the deadlock by failing one of them (40P01); that one ran a second time.
    expect([attempts.ab, attempts.ba].sort()).toEqual([1, 2]);
    expect(effects).toEqual({ ab: 1, ba: 1 });
    expect(await values()).toEqual([2, 2]);
    process.stdout.write(`transaction retry: deadlock broken, attempts ${JSON.stringify(attempts)}, rows ${JSON.stringify(await values())}\n`);
  }, 30_000);

  it('a serialization failure (a repeatable-read transaction updating a row changed since its snapshot): retried once, lands once', async () => {
    const attempts = { reader: 0, writer: 0 };
    const effects = { reader: 0, writer: 0 };
    let readerHasSnapshot: () => void = () => undefined;
    const snapshotTaken = new Promise<void>((resolve) => (readerHasSnapshot = resolve));
    let writerCommitted: () => void = () => undefined;
    const committed = new Promise<void>((resolve) => (writerCommitted = resolve));

    const reader = inTransaction(db, async (tx, afterCommit) => {
      attempts.reader += 1;
      await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
      const [row] = await queryRows<{ n: number }>(tx, sql`SELECT n FROM retry_probe WHERE id = 1`);
      if (attempts.reader === 1) {
        readerHasSnapshot();
        await committed;
      }
      await tx.execute(sql`UPDATE retry_probe SET n = ${(row?.n ?? 0) + 10} WHERE id = 1`);
      afterCommit(() => (effects.reader += 1));
    });
    await snapshotTaken;
    await inTransaction(db, async (tx, afterCommit) => {
      attempts.writer += 1;
      await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = 1`);
      afterCommit(() => (effects.writer += 1));
    });
    writerCommitted();
    await reader;

    expect(attempts).toEqual({ reader: 2, writer: 1 });
    expect(effects).toEqual({ reader: 1, writer: 1 });
    // The retry read the writer's 1 and added its 10 once: neither update is lost.
    expect(await values()).toEqual([11, 0]);
  }, 30_000);

  it('any other failure is not retried', async () => {
    let attempts = 0;
    await expect(
      inTransaction(db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`INSERT INTO retry_probe (id, n) VALUES (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.js';
import { PgliteWorkerClient } from './pglite-worker-client.js';

/** The PGlite database in its worker thread answers as PGlite does in the caller's thread. */
describe('PgliteWorkerClient', () => {
  let client: PgliteWorkerClient;

  beforeAll(async () => {
    client = await PgliteWorkerClient.open(undefined);
    await client.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, at timestamptz)');
  });
  afterAll(() => client.close());

  const count = async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]!.n;

  it('answers parameters and rows, and applies the caller parsers to their types (nulls stay null)', async () => {
    await client.query('INSERT INTO notes VALUES ($1, $2, $3), ($4, $5, NULL)', [1, 'one', '2026-12-06T00:00:00Z', 2, 'two']);
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => `parsed ${value}` };
    const objects = await client.query<{ id: number; at: string | null }>('SELECT id, at FROM notes ORDER BY id', [], { parsers });
    expect(objects.rows).toEqual([
      { id: 1, at: 'parsed 2026-12-06 00:00:00+00' },
      { id: 2, at: null },
    ]);
    const arrays = await client.query<unknown[]>('SELECT id, at FROM notes ORDER BY id', [], { rowMode: 'array', parsers });
    expect(arrays.rows).toEqual([
      [1, 'parsed 2026-12-06 00:00:00+00'],
      [2, null],
    ]);
    expect(arrays.fields.map((field) => field.name)).toEqual(['id', 'at']);
    // Without a parser of the caller's, PGlite's own gives a Date, which crosses the thread as one.
    const plain = await client.query<{ at: Date }>('SELECT at FROM notes WHERE id = 1');
    expect(plain.rows[0]!.at).toEqual(new Date('2026-12-06T00:00:00Z'));
    await client.exec('DELETE FROM notes');
  });

  it('commits a transaction whose callback resolves, and rolls back one that throws or calls rollback', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES (10, $1)', ['kept']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO notes (id, body) VALUES (11, $1)', ['lost']);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO notes (id, body) VALUES (12, $1)', ['lost too']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    expect((await client.query<{ id: number }>('SELECT id FROM notes ORDER BY id')).rows).toEqual([{ id: 10 }]);
    await client.exec('DELETE FROM notes');
  });

  it('keeps a query outside a transaction waiting until that transaction ends, as PGlite does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO notes (id, body) VALUES (20, 'inside')");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = count();
    let seen: number | undefined;
    void outside.then((n) => (seen = n));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toBeUndefined();
    release();
    await transaction;
    expect(await outside).toBe(1);
    await client.exec('DELETE FROM notes');
  });

  it("carries PostgreSQL's error fields across the thread, and the transaction that hit one is rolled back", async () => {
    await client.query("INSERT INTO notes (id, body) VALUES (30, 'first')");
    const error = await client.query("INSERT INTO notes (id, body) VALUES (30, 'again')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', table: 'notes' });
    expect(isUniqueViolation(error, 'notes_pkey')).toBe(true);
    await expect(
      client.transaction(async (tx) => {
        await tx.query("INSERT INTO notes (id, body) VALUES (31, 'second')");
        await tx.query("INSERT INTO notes (id, body) VALUES (30, 'again')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(1);
    await client.exec('DELETE FROM notes');
  });

  it('names the directory when PGlite cannot open it, and answers nothing once closed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-worker-'));
    const notADirectory = path.join(dir, 'file');
    await writeFile(notADirectory, 'not a database');
    try {
      await expect(PgliteWorkerClient.open(notADirectory)).rejects.toThrow(`opening PGlite in ${notADirectory} failed`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const closing = await PgliteWorkerClient.open(undefined);
    const lostOnClose: Error[] = [];
    closing.onLost((reason) => lostOnClose.push(reason));
    await closing.close();
    await expect(closing.query('SELECT 1')).rejects.toThrow('the PGlite database is closed');
    expect(lostOnClose).toEqual([]);
  });

  it('reports a worker that stops without being closed once, and fails the requests it owed and every later one', async () => {
    const dying = await PgliteWorkerClient.open(undefined);
    const lost: Error[] = [];
    dying.onLost((reason) => lost.push(reason));
    const owed = dying.query('SELECT pg_sleep(0.5)');
    // What an uncaught error or an abort inside PostgreSQL's WebAssembly does to the thread.
    await (dying as unknown as { worker: Worker }).worker.terminate();
    await expect(owed).rejects.toThrow('the PGlite worker thread stopped');
    await expect(dying.query('SELECT 1')).rejects.toThrow('the PGlite worker thread stopped');
    expect(lost.map((reason) => reason.message)).toEqual(['the PGlite worker thread stopped (exit 1)']);
    await dying.close();
    expect(lost).toHaveLength(1);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { TradingEngine } from './trading-engine.js';
import * as repo from './trading.repository.js';

// The engine's resync reads the book in pages and merges it into its live index (a whole-book read held the
// event loop for 0.3–0.4 s with 30,000 open positions). These check what the index holds after one.

let ctx: TestContext;
let userId: number;
let engine: TradingEngine;

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await registerUser(ctx.app)).user.id;
  await insertOpenPositions(2_500);
  engine = new TradingEngine(ctx.app.userChannels, () => undefined as never, ctx.app.log);
  engine.bind(ctx.app.trading);
});
afterAll(async () => {
  await engine.stop();
  await ctx.close();
});

async function insertOpenPositions(count: number): Promise<void> {
  await ctx.app.database.db.execute(sql`INSERT INTO positions (user_id, source, stock_code, direction, quantity, open_price, multiplier, leverage,
      wallet_type, currency, margin, status, created_at, updated_at)
    SELECT ${userId}, 0, CASE WHEN n % 2 = 0 THEN 'AAPL' ELSE 'MSFT' END, 0, 1, 100, 1, 1, 'STOCK', 'USD', 100, 'open', now(), now()
    FROM generate_series(1, ${count}) AS n`);
}

const openInDatabase = async () =>
  Number((await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM positions WHERE status = 'open'`))[0]!.n);

/** Closes `count` open positions behind the engine's back (no event). */
async function closeBehindItsBack(count: number): Promise<void> {
  await ctx.app.database.db.execute(sql`UPDATE positions SET status = 'closed', quantity = 0, updated_at = now()
    WHERE id IN (SELECT id FROM positions WHERE status = 'open' ORDER BY id LIMIT ${count})`);
}

describe('the trading engine’s resync', () => {
  it('indexes the whole book at start, more than one page of it', async () => {
    await engine.start();
    expect(engine.indexSize.open).toBe(await openInDatabase());
    expect(engine.indexSize.open).toBeGreaterThanOrEqual(2_500);
    expect(engine.lastPositionsResync.rows).toBe(engine.indexSize.open);
  });

  it('takes in positions opened and drops positions closed without an event', async () => {
    await insertOpenPositions(7);
    await closeBehindItsBack(11);
    await engine.resync();
    expect(engine.indexSize.open).toBe(await openInDatabase());
    expect(engine.lastPositionsResync.rows).toBe(7);
  });

  it('reads whole only the positions whose row changed since it read them', async () => {
    await engine.resync();
    expect(engine.lastPositionsResync).toEqual({ versions: await openInDatabase(), rows: 0 });
    // A change no event told of: the next resync reads that row again, and only that one.
    await ctx.app.database.db.execute(sql`UPDATE positions SET stop_loss = 90, updated_at = now()
      WHERE id = (SELECT id FROM positions WHERE status = 'open' ORDER BY id LIMIT 1 OFFSET 1200)`);
    await engine.resync();
    expect(engine.lastPositionsResync.rows).toBe(1);
    expect(engine.indexSize.open).toBe(await openInDatabase());
  });

  it('takes an event’s row version as read; an event without one has its row read at the next resync', async () => {
    await insertOpenPositions(2);
    const [withVersion, without] = await queryRows<{ id: number; version: string }>(
      ctx.app.database.db,
      sql`SELECT id, xmin::text AS version FROM positions WHERE status = 'open' ORDER BY id DESC LIMIT 2`,
    );
    engine.positionChanged((await repo.findPosition(ctx.app.database.db, Number(withVersion!.id)))!, withVersion!.version);
    engine.positionChanged((await repo.findPosition(ctx.app.database.db, Number(without!.id)))!);
    await engine.resync();
    expect(engine.lastPositionsResync.rows).toBe(1);
    expect(engine.indexSize.open).toBe(await openInDatabase());
  });

  it('a row reloaded on another process’s word is read whole at the next resync (its version is not known)', async () => {
    await engine.resync();
    const [row] = await queryRows<{ id: number }>(ctx.app.database.db, sql`SELECT id FROM positions WHERE status = 'open' ORDER BY id LIMIT 1 OFFSET 10`);
    await engine.reload('position', Number(row!.id));
    await engine.resync();
    expect(engine.lastPositionsResync.rows).toBe(1);
  });

  it('keeps what an event said during the resync over the page it read', async () => {
    const [openId] = (await queryRows<{ id: number }>(ctx.app.database.db, sql`SELECT id FROM positions WHERE status = 'open' ORDER BY id DESC LIMIT 1`)).map((row) => Number(row.id));
    const row = (await repo.findPosition(ctx.app.database.db, openId!))!;
    const resync = engine.resync();
    // A close this process made, whose event arrives while the resync reads a book that still has it open.
    engine.positionChanged({ ...row, status: 'closed', quantity: 0 });
    await resync;
    expect(engine.indexSize.open).toBe((await openInDatabase()) - 1);
  });
});

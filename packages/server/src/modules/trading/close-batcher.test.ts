import { ReviewStatus, type Order } from '@tradewind/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { positions } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { approveTrading, createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger, ledgerViolations } from '../ledger/ledger-invariants.js';
import { toOrder } from './trading.mappers.js';
import { readPositions } from './close-batch.repository.js';
import { findOrder, findPosition } from './trading.repository.js';
import { placeOrder } from './orders.service.js';
import { addMargin, closePosition } from './positions.service.js';

// Issue 22: users' closes that arrive together are written by one statement. A close whose position
// changed after the batch read it is made alone under the row's lock; answers, rows, refusals and
// idempotency keys are those of a close made alone.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ ORDER_PER_USER_PER_MINUTE: '100000' });
});
afterAll(() => ctx.close());

const batcher = () => ctx.app.trading.closeBatcher!;
const db = () => ctx.app.database.db;

async function trader() {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, 10_000_000, 'STOCK');
  return { id: session.user.id, tradePermission: ReviewStatus.Passed };
}

async function open(user: { id: number; tradePermission: number }, quantity: number): Promise<number> {
  const order = await placeOrder(ctx.app.trading, user, { stockCode: 'MSFT', source: 0, direction: 0, orderType: 0, quantity }, undefined);
  return order.positionId!;
}

async function walletBalance(userId: number): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(db(), sql`SELECT balance::text FROM ledger_accounts WHERE user_id = ${userId} AND wallet_type = 'STOCK'`);
  return Number(row?.balance ?? 0);
}

async function expectLedgerSound() {
  expect(ledgerViolations(await auditLedger(db()))).toEqual([]);
}

const refusalKey = (error: unknown) => (error instanceof AppError ? error.key : String(error));

describe('batched closes', () => {
  it('closes that arrive together are one statement; each answer is its stored order, and the wallet gets its credit', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => trader()));
    const ids = await Promise.all(users.map((user) => open(user, 4)));
    const before = await Promise.all(users.map((user) => walletBalance(user.id)));
    const batches = batcher().stats.batches;
    const closed = await Promise.all(users.map((user, i) => closePosition(ctx.app.trading, user.id, ids[i]!, undefined, 'user')));
    expect(batcher().stats.batches).toBe(batches + 1);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`tradewind_close_batches{figure="batches"} ${batcher().stats.batches}`);
    for (const [i, order] of closed.entries()) {
      const row = await findOrder(db(), order.id);
      expect(order).toEqual(toOrder(ctx.app.trading, row!));
      expect(order).toMatchObject({ openClose: 1, status: 1, quantity: 4, positionId: ids[i] });
      expect(await findPosition(db(), ids[i]!)).toMatchObject({ status: 'closed', quantity: 0, closedQuantity: 4, margin: 0, closePrice: order.fillPrice });
      // The wallet gets back the released margin plus the profit, less the fee.
      expect(await walletBalance(users[i]!.id)).toBe(before[i]! + Math.round((order.margin + (order.profit ?? 0)) * 100));
    }
    await expectLedgerSound();
  });

  it('many closes of one position at once: partial closes add up, and only one whole close wins', async () => {
    const user = await trader();
    const partial = await open(user, 6);
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6, 7].map(() => closePosition(ctx.app.trading, user.id, partial, 1, 'user')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(['position.alreadyClosed', 'position.closeTooLarge']).toContain(refusalKey(refused?.reason));
    expect(await findPosition(db(), partial)).toMatchObject({ status: 'closed', quantity: 0, closedQuantity: 6 });

    const whole = await open(user, 3);
    const wins = await Promise.allSettled([1, 2, 3, 4].map(() => closePosition(ctx.app.trading, user.id, whole, undefined, 'user')));
    expect(wins.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of wins) if (r.status === 'rejected') expect(refusalKey(r.reason)).toBe('position.alreadyClosed');
    const [count] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders WHERE position_id = ${whole} AND open_close = 1`);
    expect(count?.n).toBe(1);
    await expectLedgerSound();
  });

  it('a position changed after the batch read it is not written by the batch, and the close made alone sees the change', async () => {
    const user = await trader();
    const id = await open(user, 2);
    const alone = batcher().stats.alone;
    const [rows] = await Promise.all([
      batcher().submit(id, null, async (read) => {
        // Another change commits between the batch's read and its write.
        await db().update(positions).set({ takeProfit: 9999 }).where(eq(positions.id, id));
        const rows = {
          positionId: id,
          position: { id, version: read!.version, quantity: 0, closed_quantity: 2, close_price: 1, margin: 0, realized_pnl: 0, status: 'closed', updated_at: new Date() },
          order: { id: -1 },
          entry: { id: -1, position_id: id },
          postings: [],
          idempotency: null,
          message: null,
        };
        return { rows, after: { ...read!.row, quantity: 0, status: 'closed' as const } };
      }),
    ]);
    expect(rows).toBeNull();
    expect(batcher().stats.alone).toBe(alone + 1);
    expect(await findPosition(db(), id)).toMatchObject({ status: 'open', quantity: 2, takeProfit: 9999 });
    // Through the service the same race ends one way or the other, never half: margin added then the whole closed
    // (the batch's write refused, the close made alone), or closed first and the margin refused.
    const [added, closed] = await Promise.allSettled([addMargin(ctx.app.trading, user.id, id, 500, undefined), closePosition(ctx.app.trading, user.id, id, undefined, 'user')]);
    expect(await findPosition(db(), id)).toMatchObject({ status: 'closed', quantity: 0, margin: 0 });
    expect(closed.status === 'fulfilled' && closed.value.positionId).toBe(id);
    if (added.status === 'rejected') expect(refusalKey(added.reason)).toBe('position.alreadyClosed');
    await expectLedgerSound();
  });

  it('an Idempotency-Key sent twice at once, and again later, answers the one close; with another body it is a 409', async () => {
    const user = await trader();
    const id = await open(user, 5);
    const [a, b] = await Promise.all([1, 2].map(() => closePosition(ctx.app.trading, user.id, id, 2, 'user', 'close-key-1')));
    expect(b!.id).toBe(a!.id);
    const again: Order = await closePosition(ctx.app.trading, user.id, id, 2, 'user', 'close-key-1');
    expect(again).toEqual(a);
    expect(await findPosition(db(), id)).toMatchObject({ quantity: 3, closedQuantity: 2 });
    await expect(closePosition(ctx.app.trading, user.id, id, 1, 'user', 'close-key-1')).rejects.toThrow('idempotency.keyReused');
    expect(await findPosition(db(), id)).toMatchObject({ quantity: 3, closedQuantity: 2 });
    await expectLedgerSound();
  });

  it('refusals in a batch are alone and write nothing: a stranger sees not-found, too large a close is refused', async () => {
    const [owner, stranger] = await Promise.all([trader(), trader()]);
    const id = await open(owner, 2);
    const [ordersBefore] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders`);
    const results = await Promise.allSettled([
      closePosition(ctx.app.trading, stranger.id, id, undefined, 'user'),
      closePosition(ctx.app.trading, stranger.id, 987_654_321, undefined, 'user'),
      closePosition(ctx.app.trading, owner.id, id, 3, 'user'),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? refusalKey(r.reason) : 'closed'))).toEqual(['position.notFound', 'position.notFound', 'position.closeTooLarge']);
    const [ordersAfter] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders`);
    expect(ordersAfter?.n).toBe(ordersBefore?.n);
    expect(await findPosition(db(), id)).toMatchObject({ status: 'open', quantity: 2 });
  });
});

describe('closes on the positions this process wrote', () => {
  it('a position this process opened is closed on its row as written, with no read; the row kept equals a fresh read', async () => {
    const user = await trader();
    const id = await open(user, 5);
    const kept = batcher().known.lookUp([id]).known.get(id);
    expect(kept).toEqual((await readPositions(db(), [id])).get(id));
    const { known, read } = batcher().stats;
    await closePosition(ctx.app.trading, user.id, id, 2, 'user');
    expect(batcher().stats).toMatchObject({ known: known + 1, read });
    // The partial close's own statement left the row as kept; the rest closes on it too.
    expect(batcher().known.lookUp([id]).known.get(id)).toEqual((await readPositions(db(), [id])).get(id));
    await closePosition(ctx.app.trading, user.id, id, undefined, 'user');
    expect(batcher().stats).toMatchObject({ known: known + 2, read });
    expect(batcher().known.lookUp([id]).unknown).toEqual([id]);
    expect(await findPosition(db(), id)).toMatchObject({ status: 'closed', quantity: 0, closedQuantity: 5 });
    await expectLedgerSound();
  });

  it('a kept position another process changed is closed alone on the row as it now is', async () => {
    const user = await trader();
    const id = await open(user, 3);
    const twin = await open(user, 3);
    const kept = batcher().known.lookUp([id]).known.get(id)!;
    await addMargin(ctx.app.trading, user.id, id, 50_000, undefined);
    // This process forgets a row it changed outside the batchers; as another process's change, it still knows the old row.
    expect(batcher().known.lookUp([id]).unknown).toEqual([id]);
    batcher().remember(kept.row, kept.version);
    const alone = batcher().stats.alone;
    const [changed, unchanged] = await Promise.all([id, twin].map((positionId) => closePosition(ctx.app.trading, user.id, positionId, undefined, 'user')));
    expect(batcher().stats.alone).toBe(alone + 1);
    // The added margin came back with the close made alone: its profit is the twin's (same fill, same exit).
    expect(changed!.profit).toBe(unchanged!.profit);
    expect(await findPosition(db(), id)).toMatchObject({ status: 'closed', margin: 0 });
    expect(batcher().known.lookUp([id, twin]).unknown).toEqual([id, twin]);
    await expectLedgerSound();
  });

  it('a position this process changed outside the batchers is read again, and closed in the batch', async () => {
    const user = await trader();
    const id = await open(user, 3);
    await addMargin(ctx.app.trading, user.id, id, 50_000, undefined);
    const { margin } = (await findPosition(db(), id))!;
    const { alone, read } = batcher().stats;
    const order = await closePosition(ctx.app.trading, user.id, id, undefined, 'user');
    expect(batcher().stats).toMatchObject({ alone, read: read + 1 });
    // The margin released is the position's as it now is, the added margin included.
    expect((await findOrder(db(), order.id))!.margin).toBe(margin);
    expect(await findPosition(db(), id)).toMatchObject({ status: 'closed', margin: 0 });
    await expectLedgerSound();
  });
});

describe('the close batcher keeps the database busy', () => {
  it("sends the next batch's statement as soon as one commits, before that batch's closes answer", async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => trader()));
    const ids = await Promise.all(users.map((user) => open(user, 2)));
    const before = batcher().stats.taken;
    const first = users.slice(0, 2).map((user, i) => closePosition(ctx.app.trading, user.id, ids[i]!, undefined, 'user'));
    while (batcher().stats.taken === before) await new Promise((resolve) => setImmediate(resolve));
    // The first batch's statement is in flight; these queue behind it.
    const second = users.slice(2).map((user, i) => closePosition(ctx.app.trading, user.id, ids[i + 2]!, undefined, 'user'));
    const takenWhenFirstAnswered = await first[0]!.then(() => batcher().stats.taken);
    await Promise.all([...first, ...second]);
    expect(takenWhenFirstAnswered).toBe(before + 2);
    await expectLedgerSound();
  });
});

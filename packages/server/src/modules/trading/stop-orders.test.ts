import type { Order, Position, WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { approveTrading, call, createTestContext, eventually, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { fillRestingOrder } from './orders.service.js';
import { closeOnTrigger } from './positions.service.js';
import { quote } from './trading-pricing.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const deps = () => ctx.app.trading;
const lastPrice = (code: string) => ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, code)!).price;
const round2 = (n: number) => Math.round(n * 100) / 100;

async function trader(usd = 100_000) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, usd * 100, 'STOCK');
  return session;
}
const order = (token: string, body: Record<string, unknown>) => call<Order>(ctx.app, 'POST', '/stock/create', { token, body });
const positions = async (token: string) => (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data;
const resting = async (token: string) => (await call<Order[]>(ctx.app, 'POST', '/position/consignList', { token, body: {} })).data;
const stockWallet = async (token: string) => (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType: 'STOCK' } })).data;
// fill_price is NUMERIC (migration 0025): the driver gives it as text, read here as a number.
const orderRow = async (id: number) => {
  const row = (await queryRows<{ status: number; fill_price: string | null; triggered_at: Date | null }>(ctx.app.database.db, sql`SELECT status, fill_price, triggered_at FROM orders WHERE id = ${id}`))[0]!;
  return { ...row, fill_price: row.fill_price === null ? null : Number(row.fill_price) };
};
const closeOrders = (positionId: number) =>
  queryRows<{ id: number; reason: string }>(ctx.app.database.db, sql`SELECT id, reason FROM orders WHERE position_id = ${positionId} AND open_close = 1`);

/**
 * A tick at `price`; the engine acts on it asynchronously, so one more pass on the order, awaited,
 * waits behind the engine's (row lock) and settles the tick. True when the order is filled.
 */
async function tickAndTry(code: string, price: number, orderId: number): Promise<boolean> {
  tick(ctx, 0, code, price);
  await fillRestingOrder(deps(), orderId);
  return (await orderRow(orderId)).status === 1;
}

async function expectLedgerSound() {
  const audit = await auditLedger(ctx.app.database.db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  for (const total of Object.values(audit.totalsByCurrency)) expect(total).toBe(0);
}

describe('stop orders', () => {
  it('a buy stop rests with funds held, ignores prices below its trigger (and falls), and fills at the ask once the ask reaches it — past a gap at the gapped price', async () => {
    const { token } = await trader();
    const p = lastPrice('AAPL');
    const trigger = round2(p * 1.02);
    const placed = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 2, triggerPrice: trigger, quantity: 10 });
    expect(placed.data).toMatchObject({ status: 0, orderType: 2, triggerPrice: trigger, triggered: false, price: null });
    expect((await stockWallet(token)).frozen).toBeCloseTo(placed.data.margin + placed.data.fee, 2);
    expect((await resting(token)).map((o) => [o.id, o.triggerPrice])).toEqual([[placed.data.id, trigger]]);

    for (const below of [p * 1.01, p * 0.9, trigger * 0.999]) expect(await tickAndTry('AAPL', below, placed.data.id)).toBe(false);
    expect((await orderRow(placed.data.id)).status).toBe(0);
    expect(await positions(token)).toEqual([]);

    // The price gaps from below the trigger to 5 % above it: the stop fills at that ask, not at the trigger.
    tick(ctx, 0, 'AAPL', p * 1.05);
    await eventually(async () => (await orderRow(placed.data.id)).status === 1);
    const row = await orderRow(placed.data.id);
    expect(row.fill_price).toBeGreaterThan(p * 1.05);
    expect(row.triggered_at).not.toBeNull();
    expect((await positions(token)).map((x) => [x.direction, x.positionNum])).toEqual([[0, 10]]);
    expect((await stockWallet(token)).frozen).toBe(0);
    await expectLedgerSound();
  });

  it('a sell stop ignores prices above its trigger (and rises) and fills at the bid once the bid falls to it, also through a gap', async () => {
    const { token } = await trader();
    const p = lastPrice('MSFT');
    const trigger = round2(p * 0.98);
    const placed = await order(token, { stockCode: 'MSFT', direction: 1, orderType: 2, triggerPrice: trigger, quantity: 5 });
    expect(placed.data.status).toBe(0);
    for (const above of [p * 0.99, p * 1.1, trigger * 1.001]) expect(await tickAndTry('MSFT', above, placed.data.id)).toBe(false);
    expect(await tickAndTry('MSFT', p * 0.9, placed.data.id)).toBe(true);
    const row = await orderRow(placed.data.id);
    expect(row.status).toBe(1);
    expect(row.fill_price).toBeLessThan(p * 0.9);
    expect((await positions(token)).map((x) => [x.direction, x.positionNum])).toEqual([[1, 5]]);
    await expectLedgerSound();
  });

  it('a buy stop-limit becomes a limit order at the trigger: it fills only while the ask is at or below its limit, even after falling back under the trigger', async () => {
    const { token } = await trader();
    const p = lastPrice('NVDA');
    const trigger = round2(p * 1.02);
    const limit = round2(p * 1.03);
    const placed = await order(token, { stockCode: 'NVDA', direction: 0, orderType: 3, triggerPrice: trigger, price: limit, quantity: 4 });
    expect(placed.data).toMatchObject({ status: 0, orderType: 3, price: limit, triggerPrice: trigger, triggered: false });
    expect(await tickAndTry('NVDA', p * 1.01, placed.data.id)).toBe(false);
    expect((await orderRow(placed.data.id)).triggered_at).toBeNull();

    // Gaps over both: triggered, but the ask is above the limit, so it rests as a limit order.
    expect(await tickAndTry('NVDA', p * 1.06, placed.data.id)).toBe(false);
    expect((await resting(token)).find((o) => o.id === placed.data.id)).toMatchObject({ triggered: true, status: 0 });
    expect(await tickAndTry('NVDA', p * 1.05, placed.data.id)).toBe(false);
    // Back below the trigger and the limit: a triggered stop-limit fills like the limit order it now is.
    expect(await tickAndTry('NVDA', p * 1.0, placed.data.id)).toBe(true);
    const row = await orderRow(placed.data.id);
    expect(row.status).toBe(1);
    expect(row.fill_price).toBeLessThanOrEqual(limit);
    await expectLedgerSound();
  });

  it('a sell stop-limit triggers when the bid falls to the trigger and fills only at or above its limit', async () => {
    const { token } = await trader();
    const p = lastPrice('TSLA');
    const trigger = round2(p * 0.98);
    const limit = round2(p * 0.97);
    const placed = await order(token, { stockCode: 'TSLA', direction: 1, orderType: 3, triggerPrice: trigger, price: limit, quantity: 3 });
    expect(await tickAndTry('TSLA', p * 1.05, placed.data.id)).toBe(false);
    expect((await orderRow(placed.data.id)).triggered_at).toBeNull();
    // Gaps below the limit: triggered but the bid is under the limit, no fill.
    expect(await tickAndTry('TSLA', p * 0.9, placed.data.id)).toBe(false);
    expect((await orderRow(placed.data.id)).triggered_at).not.toBeNull();
    expect(await tickAndTry('TSLA', p * 0.975, placed.data.id)).toBe(true);
    const row = await orderRow(placed.data.id);
    expect(row.fill_price).toBeGreaterThanOrEqual(limit);
    await expectLedgerSound();
  });
});

describe('stop orders: cancelling, refusals, gaps and races', () => {
  it('cancelling a stop releases its hold; a stop whose trigger is already reached, or without a trigger, is refused naming the field', async () => {
    const { token } = await trader();
    const before = await stockWallet(token);
    const p = lastPrice('AMD');
    const placed = await order(token, { stockCode: 'AMD', direction: 1, orderType: 3, triggerPrice: round2(p * 0.95), price: round2(p * 0.94), quantity: 7 });
    expect((await stockWallet(token)).frozen).toBeGreaterThan(0);
    const cancelled = await call<Order>(ctx.app, 'POST', '/orders/cancel', { token, body: { id: placed.data.id } });
    expect(cancelled.data.status).toBe(2);
    expect(await stockWallet(token)).toEqual(before);
    expect(await tickAndTry('AMD', p * 0.5, placed.data.id)).toBe(false);
    expect(await positions(token)).toEqual([]);

    const now = lastPrice('AMD');
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ stockCode: 'AMD', direction: 0, orderType: 2, triggerPrice: round2(now * 0.99), quantity: 1 }, 'The trigger price must be above the current ask'],
      [{ stockCode: 'AMD', direction: 1, orderType: 2, triggerPrice: round2(now * 1.01), quantity: 1 }, 'The trigger price must be below the current bid'],
      [{ stockCode: 'AMD', direction: 0, orderType: 2, quantity: 1 }, 'trigger price'],
      [{ stockCode: 'AMD', direction: 0, orderType: 3, triggerPrice: round2(now * 1.1), quantity: 1 }, 'price'],
      [{ stockCode: 'AMD', direction: 0, orderType: 2, triggerPrice: round2(now * 1.1), price: 1, quantity: 1 }, 'price'],
      [{ stockCode: 'AMD', direction: 0, orderType: 1, price: 1, triggerPrice: 2, quantity: 1 }, 'trigger price'],
      [{ stockCode: 'AMD', direction: 0, orderType: 4, quantity: 1 }, 'Order type'],
    ];
    for (const [body, expected] of refusals) {
      const answer = await order(token, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(expected);
    }
    expect(await stockWallet(token)).toEqual(before);
  });

  it('a stop that gaps beyond what the wallet can pay is cancelled, its hold released and the owner told', async () => {
    const p = lastPrice('BAC');
    const trigger = round2(p * 1.01);
    // Just enough for the hold at the trigger (10 shares at leverage 1, plus the fee), not for a fill 30 % higher.
    const session = await trader(Math.ceil(trigger * 10 + 5));
    const placed = await order(session.token, { stockCode: 'BAC', direction: 0, orderType: 2, triggerPrice: trigger, quantity: 10 });
    expect(placed.data.status).toBe(0);
    expect(await tickAndTry('BAC', p * 1.3, placed.data.id)).toBe(false);
    expect((await orderRow(placed.data.id)).status).toBe(2);
    expect((await stockWallet(session.token)).frozen).toBe(0);
    const [message] = await queryRows<{ title: string; body: string }>(
      ctx.app.database.db,
      sql`SELECT title, body FROM user_messages WHERE user_id = ${session.user.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(message?.title).toBe('Order cancelled');
    await expectLedgerSound();
  });

  it('many simultaneous attempts on one triggered stop fill it once', async () => {
    const { token } = await trader();
    const p = lastPrice('F');
    const placed = await order(token, { stockCode: 'F', direction: 0, orderType: 2, triggerPrice: round2(p * 1.02), quantity: 100 });
    tick(ctx, 0, 'F', p * 1.1);
    const results = await Promise.all(Array.from({ length: 6 }, () => fillRestingOrder(deps(), placed.data.id)));
    await eventually(async () => (await orderRow(placed.data.id)).status === 1);
    expect(results.filter(Boolean).length).toBeLessThanOrEqual(1);
    expect((await positions(token)).length).toBe(1);
    await expectLedgerSound();
  });
});

describe('fills in batches', () => {
  const holdStatuses = async (orderIds: number[]) =>
    (await queryRows<{ status: string }>(ctx.app.database.db, sql`SELECT h.status FROM holds h JOIN orders o ON o.hold_id = h.id WHERE o.id IN ${sql.raw(`(${orderIds.join(',')})`)}`)).map((h) => h.status);

  it('a price crossing many limit buys fills them together in a few statements, each at the ask, each hold posted', async () => {
    const p = lastPrice('F');
    const limit = round2(p * 0.95);
    const owners = await Promise.all([trader(), trader(), trader(), trader()]);
    const placed: number[] = [];
    for (const owner of owners) {
      for (let n = 0; n < 6; n++) placed.push((await order(owner.token, { stockCode: 'F', direction: 0, orderType: 1, price: limit, quantity: 1 })).data.id);
    }
    const before = { ...deps().fillBatcher!.stats };
    tick(ctx, 0, 'F', p * 0.9);
    await eventually(async () => (await Promise.all(owners.map((o) => resting(o.token)))).every((list) => list.length === 0));
    const after = deps().fillBatcher!.stats;
    expect(after.fills - before.fills).toBe(24);
    expect(after.batches - before.batches).toBeLessThanOrEqual(3);
    expect(after.alone - before.alone).toBe(0);
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`tradewind_fill_batches{figure="fills"} ${after.fills}`);
    const { ask } = quote(deps(), ctx.app.market.deps.catalog.get(0, 'F')!);
    for (const id of placed) expect(await orderRow(id)).toMatchObject({ status: 1, fill_price: Number(ask.toFixed(8)) });
    expect(await holdStatuses(placed)).toEqual(Array(24).fill('posted'));
    for (const owner of owners) expect((await positions(owner.token)).length).toBe(6);
    await expectLedgerSound();
  });

  it("a fill racing its owner's cancel ends one way or the other, never both", async () => {
    const p = lastPrice('F');
    const { token } = await trader();
    const placed: number[] = [];
    for (let n = 0; n < 8; n++) placed.push((await order(token, { stockCode: 'F', direction: 0, orderType: 1, price: round2(p * 0.95), quantity: 1 })).data.id);
    // The price crosses (the engine acts on it too), and each order is filled and cancelled at once.
    tick(ctx, 0, 'F', p * 0.9);
    const outcomes = await Promise.all(
      placed.map(async (id) => {
        const [filled, cancelled] = await Promise.all([fillRestingOrder(deps(), id), call<Order>(ctx.app, 'POST', '/orders/cancel', { token, body: { id } })]);
        return { filled, cancelled: cancelled.code === 200 };
      }),
    );
    await eventually(async () => (await resting(token)).length === 0);
    const statuses = await Promise.all(placed.map(async (id) => (await orderRow(id)).status));
    for (const [i, outcome] of outcomes.entries()) {
      expect(outcome.filled && outcome.cancelled, JSON.stringify(outcome)).toBe(false);
      if (outcome.filled) expect(statuses[i]).toBe(1);
      if (outcome.cancelled) expect(statuses[i]).toBe(2);
    }
    expect((await holdStatuses(placed)).sort()).toEqual(statuses.map((status) => (status === 1 ? 'posted' : 'voided')).sort());
    expect((await positions(token)).length).toBe(statuses.filter((status) => status === 1).length);
    await expectLedgerSound();
  });
});

describe('take-profit and stop-loss', () => {
  async function longPosition(code: string, quantity = 10) {
    const session = await trader();
    const bought = await order(session.token, { stockCode: code, direction: 0, orderType: 0, quantity });
    expect(bought.data.status).toBe(1);
    return { ...session, positionId: bought.data.positionId! };
  }
  const setTpSl = (token: string, body: Record<string, unknown>) => call<Position>(ctx.app, 'POST', '/position/setTpSl', { token, body });

  it('are set, moved and cleared on an open position, each only on its side of the price, and shown with it', async () => {
    const { token, positionId } = await longPosition('AAPL');
    const p = lastPrice('AAPL');
    const set = await setTpSl(token, { id: positionId, takeProfit: round2(p * 1.1), stopLoss: round2(p * 0.9) });
    expect(set.data).toMatchObject({ takeProfit: round2(p * 1.1), stopLoss: round2(p * 0.9) });
    const moved = await setTpSl(token, { id: positionId, stopLoss: round2(p * 0.95) });
    expect(moved.data).toMatchObject({ takeProfit: round2(p * 1.1), stopLoss: round2(p * 0.95) });
    const cleared = await setTpSl(token, { id: positionId, takeProfit: null });
    expect(cleared.data).toMatchObject({ takeProfit: null, stopLoss: round2(p * 0.95) });
    expect((await positions(token))[0]).toMatchObject({ takeProfit: null, stopLoss: round2(p * 0.95) });

    expect((await setTpSl(token, { id: positionId, takeProfit: round2(p * 0.9) })).msg).toContain('take-profit must be above');
    expect((await setTpSl(token, { id: positionId, stopLoss: round2(p * 1.1) })).msg).toContain('stop-loss must be below');
    expect((await setTpSl(token, { id: positionId, stopLoss: -1 })).msg).toContain('Stop-loss');
    const other = await trader();
    expect((await setTpSl(other.token, { id: positionId, stopLoss: round2(p * 0.8) })).code).toBe(404);
    expect((await positions(token))[0]).toMatchObject({ takeProfit: null, stopLoss: round2(p * 0.95) });
  });

  it('the engine closes a long at its take-profit once the bid reaches it, and a short at its stop-loss once the ask reaches it', async () => {
    const long = await longPosition('MSFT');
    const p = lastPrice('MSFT');
    await setTpSl(long.token, { id: long.positionId, takeProfit: round2(p * 1.05), stopLoss: round2(p * 0.95) });
    tick(ctx, 0, 'MSFT', p * 1.03);
    tick(ctx, 0, 'MSFT', p * 0.97);
    expect(await closeOnTrigger(deps(), long.positionId)).toBeNull();
    tick(ctx, 0, 'MSFT', p * 1.08);
    await eventually(async () => (await closeOrders(long.positionId)).length === 1);
    expect((await closeOrders(long.positionId)).map((o) => o.reason)).toEqual(['take_profit']);
    expect(await positions(long.token)).toEqual([]);

    const short = await trader();
    const q = lastPrice('AMD');
    const sold = await order(short.token, { stockCode: 'AMD', direction: 1, orderType: 0, quantity: 10 });
    await setTpSl(short.token, { id: sold.data.positionId, takeProfit: round2(q * 0.9), stopLoss: round2(q * 1.04) });
    expect((await setTpSl(short.token, { id: sold.data.positionId, takeProfit: round2(q * 1.2) })).msg).toContain('take-profit must be below');
    tick(ctx, 0, 'AMD', q * 1.1);
    await eventually(async () => (await closeOrders(sold.data.positionId!)).length === 1);
    expect((await closeOrders(sold.data.positionId!)).map((o) => o.reason)).toEqual(['stop_loss']);
    const [message] = await queryRows<{ title: string }>(ctx.app.database.db, sql`SELECT title FROM user_messages WHERE user_id = ${short.user.id} ORDER BY id DESC LIMIT 1`);
    expect(message?.title).toBe('Stop-loss reached');
    await expectLedgerSound();
  });

  it('a price crossing many stop-losses closes them together in a few batch statements, each with its message, none made alone', async () => {
    const p = lastPrice('BAC');
    const stopLoss = round2(p * 0.95);
    const owners = await Promise.all([trader(), trader(), trader(), trader()]);
    const opened: Array<{ token: string; positionId: number }> = [];
    for (const [i, owner] of owners.entries()) {
      for (let n = 0; n < 6; n++) {
        // Half the levels come with the order, half are set afterwards (a change the close batcher must not miss).
        const bought = await order(owner.token, { stockCode: 'BAC', direction: 0, orderType: 0, quantity: 1, ...(i % 2 === 0 ? { stopLoss } : {}) });
        if (i % 2 === 1) expect((await setTpSl(owner.token, { id: bought.data.positionId, stopLoss })).code).toBe(200);
        opened.push({ token: owner.token, positionId: bought.data.positionId! });
      }
    }
    const before = { ...deps().closeBatcher!.stats };
    tick(ctx, 0, 'BAC', p * 0.9);
    await eventually(async () => (await Promise.all(owners.map((o) => positions(o.token)))).every((list) => list.length === 0));
    const after = deps().closeBatcher!.stats;
    expect(after.closes - before.closes).toBe(24);
    expect(after.batches - before.batches).toBeLessThanOrEqual(3);
    expect(after.alone - before.alone).toBe(0);
    for (const { positionId } of opened) expect((await closeOrders(positionId)).map((o) => o.reason)).toEqual(['stop_loss']);
    for (const owner of owners) {
      const titles = await queryRows<{ title: string }>(ctx.app.database.db, sql`SELECT title FROM user_messages WHERE user_id = ${owner.user.id}`);
      expect(titles.map((m) => m.title)).toEqual(Array(6).fill('Stop-loss reached'));
    }
    await expectLedgerSound();
  });

  it('a position whose take-profit and stop-loss are both crossed closes once, however many ticks and engines act on it at once', async () => {
    const { token, positionId } = await longPosition('NVDA', 3);
    const p = lastPrice('NVDA');
    // Both levels crossed at the same price (as a stale pair could be): only one close can happen.
    await ctx.app.database.db.execute(sql`UPDATE positions SET take_profit = ${round2(p * 0.8)}, stop_loss = ${round2(p * 1.2)} WHERE id = ${positionId}`);
    const engineTwo = deps();
    tick(ctx, 0, 'NVDA', p);
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, i) => closeOnTrigger(i % 2 === 0 ? deps() : engineTwo, positionId)));
    await eventually(async () => (await positions(token)).length === 0);
    tick(ctx, 0, 'NVDA', p * 1.01);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts.filter((a) => a !== null).length).toBeLessThanOrEqual(1);
    const closes = await closeOrders(positionId);
    expect(closes.length).toBe(1);
    expect(closes[0]?.reason).toBe('take_profit');
    await expectLedgerSound();
  });
});

import { GTC_MAX_DAYS, type Order, type Page } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { shownField } from '../../../test/shown-field.js';
import { approveTrading, call, createTestContext, eventually, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { currentOrNextSession } from '../market/index.js';
import { TradingEngine } from './trading-engine.js';
import { expireOrder, fillRestingOrder } from './orders.service.js';

/**
 * Issue 20: time in force. The fake clock starts on Monday 5 January 2026 at 14:30 UTC, 09:30 in
 * New York: the US session is open and closes at 16:00 New York, 21:00 UTC.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const deps = () => ctx.app.trading;
const instrument = (code: string) => ctx.app.market.deps.catalog.get(0, code)!;
const lastPrice = (code: string) => ctx.app.market.feed.quote(instrument(code)).price;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Sets the price without moving the clock (a tick at this very instant). */
const quoteAt = (code: string, price: number) => ctx.app.market.feed.apply({ source: 0, code, price, volume: 100, ts: ctx.clock.now().getTime() });
const usClose = () => currentOrNextSession(instrument('AAPL').calendar, ctx.clock.now().getTime()).close;
const moveClockTo = (ms: number) => ctx.clock.advance(ms - ctx.clock.now().getTime());
/** Moves the clock to the next US session's open (a minute in), so orders are taken again. */
const toNextOpen = () => {
  const calendar = instrument('AAPL').calendar;
  const next = currentOrNextSession(calendar, ctx.clock.now().getTime());
  const open = next.open > ctx.clock.now().getTime() ? next.open : currentOrNextSession(calendar, next.close).open;
  moveClockTo(open + 60_000);
};

async function trader(usd = 100_000) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, usd * 100, 'STOCK');
  return session;
}
const order = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) => call<Order>(ctx.app, 'POST', '/stock/create', { token, body, headers });
const history = async (token: string) => (await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} })).data.list;
const orderRow = async (id: number) =>
  (
    await queryRows<{ status: number; time_in_force: string | null; expires_at: Date | null; expired_at: Date | null; hold_id: number | null; position_id: number | null }>(
      ctx.app.database.db,
      sql`SELECT status, time_in_force, expires_at, expired_at, hold_id, position_id FROM orders WHERE id = ${id}`,
    )
  )[0]!;
const holdOf = async (orderId: number) =>
  (await queryRows<{ status: string; resolved_at: Date | null }>(ctx.app.database.db, sql`SELECT h.status, h.resolved_at FROM holds h JOIN orders o ON o.hold_id = h.id WHERE o.id = ${orderId}`))[0]!;
const notices = (userId: number) =>
  queryRows<{ title_key: string; body_key: string }>(ctx.app.database.db, sql`SELECT title_key, body_key FROM user_messages WHERE user_id = ${userId} AND title_key = 'notice.orderExpiredTitle'`);
const frozen = async (userId: number) =>
  Number((await queryRows<{ frozen: string }>(ctx.app.database.db, sql`SELECT frozen FROM ledger_accounts WHERE user_id = ${userId} AND wallet_type = 'STOCK'`))[0]!.frozen);
/** Waits longer than the engine's one-second sweep, so "nothing happened" means the sweep saw it and left it. */
const pastOneSweep = () => new Promise((resolve) => setTimeout(resolve, 1300));

async function expectLedgerSound() {
  const audit = await auditLedger(ctx.app.database.db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  for (const total of Object.values(audit.totalsByCurrency)) expect(total).toBe(0);
}

describe('time in force on placement', () => {
  it('a DAY limit expires at the close of its session; omitted is GTC (90 days); a marketable limit keeps its time in force and fills', async () => {
    const { token } = await trader();
    const p = lastPrice('AAPL');
    const day = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 1, price: round2(p * 0.9), quantity: 2, timeInForce: 'DAY' });
    expect(day.status).toBe(200);
    expect(day.data).toMatchObject({ status: 0, timeInForce: 'DAY', expiresTimestamp: Date.parse('2026-01-05T21:00:00Z') / 1000, expired: false });
    const plain = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 1, price: round2(p * 0.9), quantity: 2 });
    expect(plain.data).toMatchObject({ status: 0, timeInForce: 'GTC', expired: false });
    expect(plain.data.expiresTimestamp).toBe(plain.data.createTimeTimestamp + GTC_MAX_DAYS * 86_400);
    const stop = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 2, triggerPrice: round2(p * 1.1), quantity: 1, timeInForce: 'GTC' });
    expect(stop.data).toMatchObject({ status: 0, orderType: 2, timeInForce: 'GTC' });
    const marketable = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 1, price: round2(p * 1.1), quantity: 1, timeInForce: 'DAY' });
    expect(marketable.data).toMatchObject({ status: 1, timeInForce: 'DAY', expiresTimestamp: null });
    const market = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1 });
    expect(market.data).toMatchObject({ status: 1, timeInForce: null, expiresTimestamp: null });
  });

  it('refuses a time in force on a market order, naming the field in the caller’s language; nothing is written', async () => {
    const { token, user } = await trader();
    const refused = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1, timeInForce: 'DAY' });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain(shownField('timeInForce'));
    expect(refused.msg).toContain('market order');
    const german = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1, timeInForce: 'GTC' }, { 'accept-language': 'de' });
    expect(german.status).toBe(400);
    expect(german.msg).toContain('Gültigkeit');
    const unknown = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 1, price: 1, quantity: 1, timeInForce: 'IOC' });
    expect(unknown.status).toBe(400);
    expect(unknown.msg).toContain(shownField('timeInForce'));
    expect(await history(token)).toEqual([]);
    expect(await frozen(user.id)).toBe(0);
  });
});

describe('expiry by the engine on the leader', () => {
  it('a DAY order expires at the close by the app clock: cancelled, hold voided once, owner told once; GTC orders survive the close and fill the next day', async () => {
    toNextOpen();
    const { token, user } = await trader();
    const p = lastPrice('MSFT');
    const limit = round2(p * 0.95);
    const day = (await order(token, { stockCode: 'MSFT', direction: 0, orderType: 1, price: limit, quantity: 3, timeInForce: 'DAY' })).data;
    const gtc = (await order(token, { stockCode: 'MSFT', direction: 0, orderType: 1, price: limit, quantity: 4, timeInForce: 'GTC' })).data;
    const stopLimit = (await order(token, { stockCode: 'MSFT', direction: 1, orderType: 3, triggerPrice: round2(p * 0.9), price: round2(p * 0.89), quantity: 1, timeInForce: 'DAY' })).data;
    const close = usClose();
    expect(day.expiresTimestamp).toBe(close / 1000);
    expect(await frozen(user.id)).toBe(Math.round((day.margin + day.fee + gtc.margin + gtc.fee + stopLimit.margin + stopLimit.fee) * 100));

    // One second before the close nothing expires.
    moveClockTo(close - 1000);
    await pastOneSweep();
    expect((await orderRow(day.id)).status).toBe(0);

    moveClockTo(close);
    await eventually(async () => (await orderRow(day.id)).status === 2 && (await orderRow(stopLimit.id)).status === 2);
    const row = await orderRow(day.id);
    expect(row.expired_at && new Date(row.expired_at).getTime()).toBe(close);
    expect(await holdOf(day.id)).toMatchObject({ status: 'voided' });
    expect(await holdOf(stopLimit.id)).toMatchObject({ status: 'voided' });
    // Another sweep, a direct call and the owner's cancel find nothing left to do.
    await pastOneSweep();
    expect(await expireOrder(deps(), day.id)).toBeNull();
    expect((await call(ctx.app, 'POST', '/orders/cancel', { token, body: { id: day.id } })).status).toBe(409);
    expect((await notices(user.id)).map((n) => n.body_key)).toEqual(['notice.orderExpiredDayBody', 'notice.orderExpiredDayBody']);
    const shown = await history(token);
    expect(shown.find((o) => o.id === day.id)).toMatchObject({ status: 2, expired: true, timeInForce: 'DAY' });
    expect(shown.find((o) => o.id === gtc.id)).toMatchObject({ status: 0, expired: false, timeInForce: 'GTC' });

    // GTC rests on: only its own hold is still frozen, and it fills in the next session.
    expect(await frozen(user.id)).toBe(Math.round((gtc.margin + gtc.fee) * 100));
    toNextOpen();
    quoteAt('MSFT', limit * 0.99);
    await fillRestingOrder(deps(), gtc.id);
    expect((await orderRow(gtc.id)).status).toBe(1);
    expect(await holdOf(gtc.id)).toMatchObject({ status: 'posted' });
    await expectLedgerSound();
  });

  it('a fill racing the expiry resolves once: before the close the fill wins, from the close the expiry does', async () => {
    toNextOpen();
    const { token, user } = await trader();
    const p = lastPrice('NVDA');
    const limit = round2(p * 0.97);
    const first = (await order(token, { stockCode: 'NVDA', direction: 0, orderType: 1, price: limit, quantity: 2, timeInForce: 'DAY' })).data;
    const lower = round2(p * 0.9);
    const second = (await order(token, { stockCode: 'NVDA', direction: 0, orderType: 1, price: lower, quantity: 2, timeInForce: 'DAY' })).data;
    const close = usClose();

    // A second before the close the quote crosses: the engine (on the tick) and these calls race;
    // only a fill can win, once.
    moveClockTo(close - 1000);
    quoteAt('NVDA', limit * 0.99);
    const before = await Promise.all([fillRestingOrder(deps(), first.id), expireOrder(deps(), first.id), fillRestingOrder(deps(), first.id), expireOrder(deps(), first.id)]);
    expect(before.filter((r) => r === true).length).toBeLessThanOrEqual(1);
    expect(before.filter((r) => r !== null && typeof r === 'object')).toHaveLength(0);
    await eventually(async () => (await orderRow(first.id)).status === 1);
    expect(await holdOf(first.id)).toMatchObject({ status: 'posted' });
    const opened = await queryRows<{ id: number }>(ctx.app.database.db, sql`SELECT id FROM positions WHERE user_id = ${user.id}`);
    expect(opened).toHaveLength(1);

    // At the close, with the quote still crossing: the expiry wins once, nothing fills late.
    moveClockTo(close);
    quoteAt('NVDA', lower * 0.99);
    const at = await Promise.all([fillRestingOrder(deps(), second.id), expireOrder(deps(), second.id), fillRestingOrder(deps(), second.id), expireOrder(deps(), second.id)]);
    await eventually(async () => (await orderRow(second.id)).status === 2);
    expect(at.filter((r) => r === true)).toHaveLength(0);
    const row = await orderRow(second.id);
    expect(row).toMatchObject({ status: 2, position_id: null });
    expect(at.filter((r) => r !== null && typeof r === 'object').length).toBeLessThanOrEqual(1);
    expect(await queryRows(ctx.app.database.db, sql`SELECT id FROM positions WHERE user_id = ${user.id}`)).toHaveLength(1);
    expect(await holdOf(second.id)).toMatchObject({ status: 'voided' });
    expect(await notices(user.id)).toHaveLength(1);
    expect(await frozen(user.id)).toBe(0);
    await expectLedgerSound();
  });
});

describe('expiry by the engine: GTC limit and leader restarts', () => {
  it('a GTC order expires after 90 days, with its own notice', async () => {
    toNextOpen();
    const { token, user } = await trader();
    const p = lastPrice('TSLA');
    const gtc = (await order(token, { stockCode: 'TSLA', direction: 1, orderType: 1, price: round2(p * 1.2), quantity: 1 })).data;
    expect(gtc.timeInForce).toBe('GTC');
    moveClockTo((gtc.expiresTimestamp ?? 0) * 1000 - 60_000);
    await pastOneSweep();
    expect((await orderRow(gtc.id)).status).toBe(0);
    moveClockTo((gtc.expiresTimestamp ?? 0) * 1000);
    await eventually(async () => (await orderRow(gtc.id)).status === 2);
    expect(await holdOf(gtc.id)).toMatchObject({ status: 'voided' });
    expect((await notices(user.id)).map((n) => n.body_key)).toEqual(['notice.orderExpiredGtcBody']);
    await expectLedgerSound();
  });

  it('expiries due while no process led are done by the next leader when it starts (restart or takeover)', async () => {
    toNextOpen();
    const { token, user } = await trader();
    const p = lastPrice('AAPL');
    const day = (await order(token, { stockCode: 'AAPL', direction: 0, orderType: 1, price: round2(p * 0.9), quantity: 1, timeInForce: 'DAY' })).data;
    // The leader goes away (its engine stops with it); the close passes with no one leading.
    await ctx.app.leadership.stop();
    moveClockTo(usClose() + 3_600_000);
    await pastOneSweep();
    expect((await orderRow(day.id)).status).toBe(0);

    // Another process takes over: its engine, started on the same database, expires the order.
    const engine = new TradingEngine(ctx.app.userChannels, () => undefined as never, ctx.app.log);
    engine.bind(deps());
    await engine.start();
    try {
      await eventually(async () => (await orderRow(day.id)).status === 2);
      expect(await holdOf(day.id)).toMatchObject({ status: 'voided' });
      expect(await notices(user.id)).toHaveLength(1);
      expect(await frozen(user.id)).toBe(0);
      await expectLedgerSound();
    } finally {
      await engine.stop();
    }
  });
});

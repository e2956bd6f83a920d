import type { Order, Page, Position, WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.js';
import { approveTrading, call, createTestContext, eventually, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';

let ctx: TestContext;

beforeAll(async () => {
  // The races below send 100 orders from one user at once, past the production per-minute limit.
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const quoteOf = (source: number, code: string) => ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(source, code)!);

/** A user with trading permission and `usd` in the STOCK, FUTURE and FOREX wallets. */
async function trader(usd = 100_000) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  for (const wallet of ['STOCK', 'FUTURE', 'FOREX']) await fund(ctx.app, session.user.id, usd * 100, wallet);
  return session;
}

const order = (token: string, body: Record<string, unknown>, path = '/stock/create', key?: string) =>
  call<Order>(ctx.app, 'POST', path, { token, body, ...(key && { headers: { 'idempotency-key': key } }) });
const positions = (token: string) => call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} });
const stockWallet = async (token: string) => (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType: 'STOCK' } })).data;

async function expectLedgerSound() {
  const db = ctx.app.database.db;
  const audit = await auditLedger(db);
  expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  for (const total of Object.values(audit.totalsByCurrency)) expect(total).toBe(0);
  const [margins] = await queryRows<{ held: string; owed: string }>(
    db,
    sql`SELECT COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE system_code = 'margin'), 0)::text AS held,
               COALESCE((SELECT SUM(margin) FROM positions WHERE status = 'open'), 0)::text AS owed`,
  );
  expect(Number(margins?.held)).toBe(Number(margins?.owed));
}

describe('orders and positions', () => {
  it('need trading permission; applying before identity is verified waits for it (issue 20)', async () => {
    const session = await registerUser(ctx.app);
    const refused = await order(session.token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1 });
    expect(refused.code).toBe(403);
    expect(refused.msg).toContain('permission');
    const applied = await call<{ tradePermission: number }>(ctx.app, 'POST', '/api/user/userSet/applyStatus', { token: session.token, body: {} });
    expect(applied.data.tradePermission).toBe(1);
  });

  it('a market buy opens a position at the ask; it moves with the price; closing half then all books the profit', async () => {
    const { token } = await trader();
    const price = quoteOf(0, 'MSFT').price;
    const bought = await order(token, { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 10, leverage: 2 });
    expect(bought.data).toMatchObject({ status: 1, openClose: 0, quantity: 10, leverage: 2 });
    expect(bought.data.fillPrice).toBeGreaterThan(price);
    const wallet = await stockWallet(token);
    expect(wallet.balance).toBeCloseTo(100_000 - bought.data.margin - bought.data.fee, 2);
    expect(bought.data.margin).toBeCloseTo((bought.data.fillPrice! * 10) / 2, 0);

    tick(ctx, 0, 'MSFT', price * 1.1);
    const [position] = (await positions(token)).data;
    expect(position).toMatchObject({ positionNum: 10, direction: 0, stockCode: 'MSFT', isolatedPosition: bought.data.margin });
    expect(position!.profit).toBeGreaterThan(0);
    expect(position!.zdf).toBeCloseTo((position!.profit / position!.isolatedPosition) * 100, 1);

    const half = await call<Order>(ctx.app, 'POST', '/position/flatPosition', { token, body: { id: position!.id, quantity: 5 } });
    expect(half.data).toMatchObject({ openClose: 1, quantity: 5, status: 1 });
    expect(half.data.profit).toBeGreaterThan(0);
    expect((await positions(token)).data[0]?.positionNum).toBe(5);
    const all = await call<Order>(ctx.app, 'POST', '/position/flatPosition', { token, body: { id: position!.id } });
    expect(all.data.quantity).toBe(5);
    expect((await positions(token)).data).toEqual([]);
    const closed = await call<Page<Position>>(ctx.app, 'POST', '/position/flatList', { token, body: {} });
    expect(closed.data.list[0]).toMatchObject({ id: position!.id, status: 'closed', positionNum: 10, nowPrice: all.data.fillPrice });
    expect(closed.data.list[0]!.sellProfit).toBeCloseTo(half.data.profit! + all.data.profit!, 2);
    expect((await stockWallet(token)).balance).toBeGreaterThan(100_000 - bought.data.fee * 3);
    const history = await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} });
    expect(history.data.list.map((o) => o.openClose)).toEqual([1, 1, 0]);
    await expectLedgerSound();
  });

  it('a short (buy-down) gains when the price falls', async () => {
    const { token } = await trader();
    const price = quoteOf(0, 'AMD').price;
    await order(token, { stockCode: 'AMD', direction: 1, orderType: 0, quantity: 20 });
    tick(ctx, 0, 'AMD', price * 0.9);
    const [position] = (await positions(token)).data;
    expect(position!.direction).toBe(1);
    expect(position!.profit).toBeGreaterThan(0);
  });

  it('a limit order rests with its funds frozen, can be cancelled, and fills when the quote crosses', async () => {
    const { token } = await trader();
    const price = quoteOf(0, 'NVDA').price;
    const limit = Math.round(price * 0.95 * 100) / 100;
    const resting = await order(token, { stockCode: 'NVDA', direction: 0, orderType: 1, price: limit, quantity: 5 });
    expect(resting.data.status).toBe(0);
    expect((await stockWallet(token)).frozen).toBeGreaterThan(0);
    const consign = await call<Order[]>(ctx.app, 'POST', '/position/consignList', { token, body: {} });
    expect(consign.data.map((o) => o.id)).toEqual([resting.data.id]);
    const cancelled = await call<Order>(ctx.app, 'POST', '/orders/cancel', { token, body: { id: resting.data.id } });
    expect(cancelled.data.status).toBe(2);
    expect((await stockWallet(token)).frozen).toBe(0);
    expect((await call(ctx.app, 'POST', '/orders/cancel', { token, body: { id: resting.data.id } })).code).toBe(409);

    const second = await order(token, { stockCode: 'NVDA', direction: 0, orderType: 1, price: limit, quantity: 5 });
    tick(ctx, 0, 'NVDA', limit * 0.99);
    await eventually(async () => (await positions(token)).data.length === 1);
    const filled = await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} });
    const fill = filled.data.list.find((o) => o.id === second.data.id)!;
    expect(fill.status).toBe(1);
    expect(fill.fillPrice).toBeLessThanOrEqual(limit);
    expect((await stockWallet(token)).frozen).toBe(0);
    await expectLedgerSound();
  });
});

describe('orders and positions: fees, liquidation, futures and funding', () => {
  it('a cancelled order charged no fee: no money moved, and the order (answer and history) says fee 0, not the fee it reserved', async () => {
    const { token } = await trader(1_000);
    const limit = Math.round(quoteOf(0, 'NVDA').price * 0.9 * 100) / 100;
    const resting = await order(token, { stockCode: 'NVDA', direction: 0, orderType: 1, price: limit, quantity: 2 });
    expect(resting.data.fee).toBeGreaterThan(0);
    const cancelled = await call<Order>(ctx.app, 'POST', '/orders/cancel', { token, body: { id: resting.data.id } });
    expect(cancelled.data).toMatchObject({ status: 2, fee: 0, margin: 0 });
    expect(await stockWallet(token)).toMatchObject({ balance: 1_000, available: 1_000, frozen: 0 });
    const history = await call<Page<Order>>(ctx.app, 'POST', '/position/water/pageList', { token, body: {} });
    expect(history.data.list.find((o) => o.id === resting.data.id)).toMatchObject({ status: 2, fee: 0, margin: 0 });
    await expectLedgerSound();
  });

  it('liquidates a leveraged position whose equity falls to the maintenance margin, and tells the user', async () => {
    const { token, user } = await trader();
    const price = quoteOf(0, 'BAC').price;
    await order(token, { stockCode: 'BAC', direction: 0, orderType: 0, quantity: 100, leverage: 10 });
    tick(ctx, 0, 'BAC', price * 0.9);
    await eventually(async () => (await positions(token)).data.length === 0);
    const closed = await call<Page<Position>>(ctx.app, 'POST', '/position/flatList', { token, body: {} });
    expect(closed.data.list[0]?.status).toBe('liquidated');
    const messages = await queryRows<{ title: string }>(ctx.app.database.db, sql`SELECT title FROM user_messages WHERE user_id = ${user.id}`);
    expect(messages.map((m) => m.title)).toContain('Position liquidated');
    await expectLedgerSound();
  });

  it('routes futures through /gold/create with goldCode, and gives the position its contract expiry', async () => {
    const { token } = await trader();
    const placed = await order(token, { goldCode: 'GC', goldName: 'Gold', direction: 0, orderType: 0, quantity: 1, leverage: 20 }, '/gold/create');
    expect(placed.data).toMatchObject({ source: 3, stockCode: 'GC', status: 1 });
    const [position] = (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: { source: 3 } })).data;
    expect(position!.expiresTimestamp).toBeGreaterThan(ctx.clock.now().getTime() / 1000);
  });

  it('the funding overview counts wallets, position margin and floating profit', async () => {
    const { token } = await trader(1_000);
    const placed = await order(token, { stockCode: 'F', direction: 0, orderType: 0, quantity: 10 });
    const overview = await call<{ positionMargin: number; floatingProfit: number; totalAssets: number; todayProfit: number; thisDate: string }>(
      ctx.app,
      'POST',
      '/userCenter/getFundingOverview',
      { token, body: {} },
    );
    expect(overview.data.positionMargin).toBeCloseTo(placed.data.margin, 2);
    expect(overview.data.totalAssets).toBeCloseTo(3_000 - placed.data.fee + overview.data.floatingProfit, 1);
    expect(overview.data.todayProfit).toBeCloseTo(overview.data.floatingProfit, 2);
    expect(overview.data.thisDate).toBe('2026-01-05');
  });

  it('sizes half and full positions from the available funds', async () => {
    const { token } = await trader(10_000);
    const sizes = await call<{ full: number; half: number; price: number }>(ctx.app, 'POST', '/position/getHalfOrFullNum', {
      token,
      body: { stockCode: 'AAPL', direction: 0, leverage: 1 },
    });
    expect(sizes.data.full).toBeGreaterThan(0);
    expect(sizes.data.half).toBe(Math.floor(sizes.data.full / 2));
    expect((await order(token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: sizes.data.full })).code).toBe(200);
    const over = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1 });
    expect(over.msg).toBe('Insufficient funds');
  });
});

describe('popular list', () => {
  it('ranks instruments by real orders and watchlists', async () => {
    const { token } = await trader();
    for (let i = 0; i < 3; i++) await order(token, { stockCode: 'NVDA', direction: 0, orderType: 0, quantity: 1 });
    await call(ctx.app, 'POST', '/userSelfSecurity/save', { token, body: { secuCode: 'EURUSD' } });
    const popular = await call<{ mostTraded: Array<{ stock_code: string; count: number }>; mostWatched: Array<{ stock_code: string }> }>(ctx.app, 'GET', '/m_ft/popular');
    expect(popular.data.mostTraded.find((i) => i.stock_code === 'NVDA')?.count).toBeGreaterThanOrEqual(3);
    expect(popular.data.mostWatched.map((i) => i.stock_code)).toContain('EURUSD');
  });
});

describe('bad input', () => {
  it('is answered 400 with a message naming the problem, and changes nothing', async () => {
    const { token } = await trader();
    const before = await stockWallet(token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 0 }, 'Quantity'],
      [{ stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1.5 }, 'Quantity'],
      [{ stockCode: 'NOPE', direction: 0, orderType: 0, quantity: 1 }, 'NOPE'],
      [{ stockCode: 'AAPL', direction: 2, orderType: 0, quantity: 1 }, 'Direction'],
      [{ stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1, leverage: 11 }, '10'],
      [{ stockCode: 'AAPL', direction: 0, orderType: 1, quantity: 1 }, 'price'],
      [{ stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1, status: 1 }, 'status'],
    ];
    for (const [body, expected] of cases) {
      const answer = await order(token, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(expected);
    }
    const closedMarket = await order(token, { stockCode: '2330', direction: 0, orderType: 0, quantity: 1000 }, '/twStock/create');
    expect(closedMarket).toMatchObject({ code: 400, msg: 'The market for 2330 is closed now' });
    const lots = await order(token, { stockCode: '2330', direction: 0, orderType: 0, quantity: 1500 }, '/twStock/create');
    expect(lots.msg).toBe('Taiwan orders are 1 to 999 shares (odd lot) or whole lots of 1000');
    const offTick = await order(token, { stockCode: '2330', direction: 0, orderType: 1, price: 1001, quantity: 1000 }, '/twStock/create');
    expect(offTick.msg).toBe('This price is not on the price grid; use steps of 5');
    const amount = await call(ctx.app, 'POST', '/position/addPositionMargin', { token, body: { id: 1, amount: '1.234' } });
    expect(amount.msg).toContain('Amount');
    expect(await stockWallet(token)).toEqual(before);
  });

  it("refuses someone else's position and order without changing them", async () => {
    const owner = await trader();
    const other = await trader();
    await order(owner.token, { stockCode: 'F', direction: 0, orderType: 0, quantity: 10 });
    const [position] = (await positions(owner.token)).data;
    const resting = await order(owner.token, { stockCode: 'F', direction: 0, orderType: 1, price: 0.5, quantity: 10 });
    expect((await call(ctx.app, 'POST', '/position/flatPosition', { token: other.token, body: { id: position!.id } })).code).toBe(404);
    expect((await call(ctx.app, 'POST', '/position/addPositionMargin', { token: other.token, body: { id: position!.id, amount: 5 } })).code).toBe(404);
    expect((await call(ctx.app, 'POST', '/orders/cancel', { token: other.token, body: { id: resting.data.id } })).code).toBe(404);
    expect((await positions(owner.token)).data[0]?.positionNum).toBe(10);
    expect((await call<Order[]>(ctx.app, 'POST', '/position/consignList', { token: owner.token, body: {} })).data).toHaveLength(1);
  });
});

describe('races', () => {
  it('100 orders with the same idempotency key make one order', async () => {
    const { token } = await trader();
    const body = { stockCode: 'TSLA', direction: 0, orderType: 0, quantity: 1 };
    const answers = await Promise.all(Array.from({ length: 100 }, () => order(token, body, '/stock/create', 'same-order')));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect((await positions(token)).data).toHaveLength(1);
    await expectLedgerSound();
  });

  it('a repeated key tells the owner’s apps about the order and its position once, not once per attempt', async () => {
    const { token, user } = await trader();
    const pushed = vi.spyOn(ctx.app.userChannels, 'send');
    // The owner's app is open: with no one listening nothing is built or pushed at all.
    const listening = vi.spyOn(ctx.app.userChannels, 'isListening').mockImplementation((userId) => userId === user.id);
    try {
      const body = { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 2 };
      const first = await order(token, body, '/stock/create', 'pushed-once');
      const repeats = await Promise.all(Array.from({ length: 5 }, () => order(token, body, '/stock/create', 'pushed-once')));
      expect(repeats.map((a) => a.data.id)).toEqual(Array(5).fill(first.data.id));
      const kinds = pushed.mock.calls.filter(([userId]) => userId === user.id).map(([, message]) => message.type);
      expect(kinds.filter((kind) => kind === 'order')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'position')).toHaveLength(1);
    } finally {
      pushed.mockRestore();
      listening.mockRestore();
    }
  });

  it('a partial close repeated with the same Idempotency-Key closes once', async () => {
    const { token } = await trader();
    await order(token, { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 4 });
    const [position] = (await positions(token)).data;
    const close = () => call<Order>(ctx.app, 'POST', '/position/flatPosition', { token, body: { id: position!.id, quantity: 1 }, headers: { 'idempotency-key': 'close-once' } });
    const [first, second] = [await close(), await close()];
    expect(second.data.id).toBe(first.data.id);
    expect((await positions(token)).data[0]?.positionNum).toBe(3);
  });

  it('closing the same position twice at once closes it once', async () => {
    const { token } = await trader();
    await order(token, { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 3 });
    const [position] = (await positions(token)).data;
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(ctx.app, 'POST', '/position/flatPosition', { token, body: { id: position!.id } })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(3);
    await expectLedgerSound();
  });
});

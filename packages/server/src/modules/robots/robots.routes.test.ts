import type { BacktestResult, Order, Page, Position, Robot, RobotTrade, WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { shownField } from '../../../test/shown-field.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import * as robots from './robots.service.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const quoteOf = (code: string) => ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, code)!).price;

async function trader(usd = 100_000) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, usd * 100, 'STOCK');
  return session;
}

const post = <T>(token: string, url: string, body: unknown, headers?: Record<string, string>) => call<T>(ctx.app, 'POST', url, { token, body, headers });

/**
 * Moves the price and waits until the robots have acted on it. A pause, resume or start is taken
 * up by the runner in the background, so it settles first: a tick it has not seen yet would pass.
 */
async function move(code: string, price: number) {
  const runner = ctx.app.robotRunner;
  await runner.idle();
  tick(ctx, 0, code, price);
  await runner.idle();
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function gridBody(code: string, price: number, extra: Record<string, unknown> = {}) {
  return {
    strategy: 'grid',
    stockCode: code,
    amount: 5_000,
    params: { lower: round2(price * 0.9), upper: round2(price * 1.1), grids: 10, amountPerGrid: 1_000 },
    ...extra,
  };
}

async function record(token: string, id: number) {
  return (await post<Page<RobotTrade>>(token, '/robot/purchaseRecord', { id, pageSize: 100 })).data.list;
}

describe('quant robots', () => {
  it('lists the strategies with their parameters', async () => {
    const answer = await call<{ strategy: string; params: { name: string }[] }[]>(ctx.app, 'GET', '/robot/strategies');
    expect(answer.data.map((s) => s.strategy)).toEqual(['grid', 'dca', 'ma']);
    expect(answer.data[0]?.params.map((p) => p.name)).toEqual(['lower', 'upper', 'grids', 'amountPerGrid']);
  });

  it("a grid robot's trades are ordinary orders in the history, and its income matches its orders' fills", async () => {
    const { token } = await trader();
    const p = quoteOf('AAPL');
    const started = await post<Robot>(token, '/robot/create', gridBody('AAPL', p), { 'idempotency-key': 'grid-start-1' });
    expect(started.code).toBe(200);
    expect(started.data).toMatchObject({ strategy: 'grid', tradingStatus: 'running', income: 0, amount: 5_000, available: 5_000, tradeCount: 0 });
    expect(started.data.params).toMatchObject({ grids: 10, amountPerGrid: 1_000 });
    const again = await post<Robot>(token, '/robot/create', gridBody('AAPL', p), { 'idempotency-key': 'grid-start-1' });
    expect(again.data.id).toBe(started.data.id);
    const id = started.data.id;

    // Lines every 2 % of p from 0.9p to 1.1p: down through three lines, up through four, down through two.
    for (const f of [1, 0.985, 0.965, 0.945, 0.97, 0.99, 1.01, 1.03, 1.015, 0.995]) await move('AAPL', round2(p * f));

    const steps = await record(token, id);
    expect(steps.every((s) => s.status === 'filled')).toBe(true);
    const sides = steps.map((s) => s.side).reverse();
    expect(sides.filter((s) => s === 'buy').length).toBeGreaterThanOrEqual(3);
    expect(sides.filter((s) => s === 'sell').length).toBeGreaterThanOrEqual(2);

    // Every step's order is an ordinary order of the user.
    const history = (await post<Page<Order>>(token, '/position/water/pageList', { pageSize: 100 })).data.list;
    const historyIds = new Set(history.map((o) => o.id));
    for (const s of steps) expect(historyIds.has(s.order!.id)).toBe(true);

    // Income from the fills: closes' profit less the opening fees, plus the open positions' floating P&L.
    const robotOrders = steps.map((s) => s.order!);
    const positionIds = new Set(robotOrders.map((o) => o.positionId));
    const open = (await post<Position[]>(token, '/position/me', {})).data.filter((x) => positionIds.has(x.id));
    const realised = robotOrders.reduce((sum, o) => sum + (o.openClose === 0 ? -o.fee : (o.profit ?? 0)), 0);
    const floating = open.reduce((sum, x) => sum + x.profit, 0);
    const robot = (await post<Robot>(token, '/robot/detail', { id })).data;
    expect(robot.tradeCount).toBe(robotOrders.length);
    expect(robot.realisedIncome).toBeCloseTo(realised, 2);
    expect(robot.floatingIncome).toBeCloseTo(floating, 2);
    expect(robot.income).toBeCloseTo(realised + floating, 2);
    expect(robot.openQuantity).toBe(open.reduce((sum, x) => sum + x.positionNum, 0));
    // The budget: what the fills took from the wallet is what the robot counts as spent.
    const spent = robotOrders.reduce((sum, o) => sum + (o.openClose === 0 ? o.margin + o.fee : -(o.margin + (o.profit ?? 0))), 0);
    expect(robot.available).toBeCloseTo(5_000 - spent, 2);
    expect(robot.available).toBeGreaterThanOrEqual(0);
    const wallet = (await post<WalletBalance>(token, '/wallet/getWalletBalance', { walletType: 'STOCK' })).data;
    expect(wallet.balance).toBeCloseTo(100_000 - spent, 2);

    const audit = await auditLedger(ctx.app.database.db);
    expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0 });
  });

  it('never spends more than its amount', async () => {
    const { token } = await trader();
    const p = quoteOf('MSFT');
    const { data } = await post<Robot>(token, '/robot/create', gridBody('MSFT', p, { amount: 2_500 }));
    for (const f of [1, 0.97, 0.95, 0.93, 0.91]) await move('MSFT', round2(p * f));
    const robot = (await post<Robot>(token, '/robot/detail', { id: data.id })).data;
    // Four lines crossed: two whole grids, then what is left buys a smaller lot, then nothing.
    const buys = (await record(token, data.id)).filter((s) => s.side === 'buy');
    expect(buys).toHaveLength(3);
    const spent = buys.reduce((sum, s) => sum + s.order!.margin + s.order!.fee, 0);
    expect(spent).toBeLessThanOrEqual(2_500);
    expect(robot.available).toBeCloseTo(2_500 - spent, 2);
    expect(robot.available).toBeLessThan(p);
  });

  it('a dollar-cost-averaging robot buys on its schedule', async () => {
    const { token } = await trader();
    const p = quoteOf('NVDA');
    const { data } = await post<Robot>(token, '/robot/create', { strategy: 'dca', stockCode: 'NVDA', amount: 3_000, params: { amountPerInterval: 500, interval: '1m' } });
    await move('NVDA', p);
    await move('NVDA', p * 1.001);
    expect(await record(token, data.id)).toHaveLength(1);
    ctx.clock.advance(60_000);
    await move('NVDA', p * 1.002);
    const steps = await record(token, data.id);
    expect(steps.map((s) => [s.side, s.status])).toEqual([
      ['buy', 'filled'],
      ['buy', 'filled'],
    ]);
  });
});

describe('quant robots: pausing, stopping and crashes', () => {
  it('pause places no new orders, resume continues, stop is final', async () => {
    const { token } = await trader();
    const p = quoteOf('TSLA');
    const { data } = await post<Robot>(token, '/robot/create', gridBody('TSLA', p));
    const id = data.id;
    await move('TSLA', p);
    expect((await post<Robot>(token, '/robot/pause', { id })).data.tradingStatus).toBe('paused');
    await move('TSLA', round2(p * 0.97));
    await move('TSLA', round2(p * 0.95));
    expect(await record(token, id)).toHaveLength(0);
    expect((await post<Robot>(token, '/robot/resume', { id })).data.tradingStatus).toBe('running');
    await move('TSLA', round2(p * 0.93));
    expect((await record(token, id)).length).toBeGreaterThan(0);
    const before = (await record(token, id)).length;

    const stopped = await post<Robot>(token, '/robot/stop', { id });
    expect(stopped.data.tradingStatus).toBe('stopped');
    for (const url of ['/robot/resume', '/robot/pause', '/robot/stop']) {
      const refused = await post(token, url, { id });
      expect(refused.code).toBe(409);
      expect(refused.msg).toContain('stopped');
    }
    await move('TSLA', round2(p * 0.9));
    await move('TSLA', round2(p * 1.05));
    expect(await record(token, id)).toHaveLength(before);
    // Its positions were left open as ordinary positions.
    expect((await post<Position[]>(token, '/position/me', {})).data.length).toBeGreaterThan(0);
  });

  it('stop with closePositions closes what the robot holds', async () => {
    const { token } = await trader();
    const p = quoteOf('AMD');
    const { data } = await post<Robot>(token, '/robot/create', gridBody('AMD', p));
    await move('AMD', p);
    await move('AMD', round2(p * 0.97));
    expect((await post<Robot>(token, '/robot/detail', { id: data.id })).data.openQuantity).toBeGreaterThan(0);
    const stopped = await post<Robot>(token, '/robot/stop', { id: data.id, closePositions: true });
    expect(stopped.data.openQuantity).toBe(0);
    expect(stopped.data.floatingIncome).toBe(0);
    expect((await post<Position[]>(token, '/position/me', {})).data).toEqual([]);
    // The closes are the robot's last steps, in its purchase record.
    const steps = await record(token, data.id);
    expect(steps[0]).toMatchObject({ side: 'sell', status: 'filled' });
    expect(stopped.data.tradeCount).toBe(steps.length);
  });

  it('a step recorded before a crash is finished with its key, never placed twice', async () => {
    const { token } = await trader();
    const p = quoteOf('BAC');
    const { data } = await post<Robot>(token, '/robot/create', gridBody('BAC', p));
    await move('BAC', p);
    await move('BAC', round2(p * 0.97));
    const [step] = await record(token, data.id);
    expect(step?.status).toBe('filled');
    const ordersBefore = (await post<Page<Order>>(token, '/position/water/pageList', {})).data.total;
    // As if the server died after the order committed and before the step was marked.
    await ctx.app.database.db.execute(sql`UPDATE robot_orders SET status = 'pending', order_id = NULL WHERE id = ${step!.id}`);
    const deps = { trading: ctx.app.trading, events: ctx.app.robotRunner };
    await Promise.all([robots.executePending(deps, data.id), robots.executePending(deps, data.id)]);
    const [again] = await record(token, data.id);
    expect(again?.status).toBe('filled');
    expect(again?.order?.id).toBe(step!.order!.id);
    expect((await post<Page<Order>>(token, '/position/water/pageList', {})).data.total).toBe(ordersBefore);
  });
});

describe('quant robots: backtests, input and ownership', () => {
  it('a backtest returns trades, final P&L and max drawdown, the same every time', async () => {
    const { token } = await trader();
    const p = quoteOf('F');
    const body = { strategy: 'ma', stockCode: 'F', amount: 10_000, params: { shortPeriod: 5, longPeriod: 20, barInterval: '1d', amountPerTrade: 5_000 } };
    const first = await post<BacktestResult>(token, '/robot/backtest', body);
    expect(first.code).toBe(200);
    expect(first.data.bars).toBeGreaterThan(200);
    expect(first.data.trades.length).toBeGreaterThan(0);
    expect(first.data.trades[0]?.side).toBe('buy');
    const sides = first.data.trades.map((t) => t.side);
    for (let i = 1; i < sides.length; i++) expect(sides[i]).not.toBe(sides[i - 1]);
    expect(first.data.maxDrawdown).toBeGreaterThanOrEqual(0);
    expect((await post<BacktestResult>(token, '/robot/backtest', body)).data).toEqual(first.data);

    const grid = await post<BacktestResult>(token, '/robot/backtest', { ...gridBody('F', p), interval: '1d' });
    expect(grid.code).toBe(200);
    expect(grid.data.interval).toBe('1d');
    const realised = grid.data.trades.reduce((sum, t) => sum + (t.profit ?? 0), 0);
    expect(Number.isFinite(realised)).toBe(true);
  });

  it('refuses bad input on every call with a 400 naming the field', async () => {
    const { token } = await trader();
    const p = quoteOf('AAPL');
    const grid = gridBody('AAPL', p);
    const cases: Array<[string, unknown, string]> = [
      ['/robot/create', { ...grid, strategy: 'martingale' }, 'strategy'],
      ['/robot/create', { ...grid, stockCode: 'NOPE!' }, 'stockCode'],
      ['/robot/create', { ...grid, amount: 0 }, 'amount'],
      ['/robot/create', { ...grid, amount: '12.345' }, 'amount'],
      ['/robot/create', { ...grid, params: { ...grid.params, lower: undefined } }, 'params.lower'],
      ['/robot/create', { ...grid, params: { ...grid.params, upper: grid.params.lower } }, 'params.upper'],
      ['/robot/create', { ...grid, params: { ...grid.params, grids: 1 } }, 'params.grids'],
      ['/robot/create', { ...grid, params: { ...grid.params, grids: 2.5 } }, 'params.grids'],
      ['/robot/create', { ...grid, params: { ...grid.params, amountPerGrid: 6_000 } }, 'params.amountPerGrid'],
      ['/robot/create', { ...grid, params: { ...grid.params, amountPerGrid: 1 } }, 'params.amountPerGrid'],
      ['/robot/create', { ...grid, params: { ...grid.params, spacing: 'geometric' } }, 'params.spacing'],
      ['/robot/create', { ...grid, extra: 1 }, 'extra'],
      ['/robot/create', { ...grid, amount: 1_000_000 }, 'The amount is more than'],
      ['/robot/create', { strategy: 'dca', stockCode: 'AAPL', amount: 100, params: { amountPerInterval: 50, interval: '2d' } }, 'params.interval'],
      ['/robot/create', { strategy: 'ma', stockCode: 'AAPL', amount: 1000, params: { shortPeriod: 20, longPeriod: 10, barInterval: '1d', amountPerTrade: 500 } }, 'params.longPeriod'],
      ['/robot/create', { strategy: 'ma', stockCode: 'AAPL', amount: 1000, params: { shortPeriod: 5, longPeriod: 10, barInterval: '1d' } }, 'params.amountPerTrade'],
      ['/robot/backtest', { ...grid, interval: '1w' }, 'interval'],
      ['/robot/detail', { id: 'abc' }, 'id'],
      ['/robot/pause', {}, 'id'],
      ['/robot/resume', { id: -1 }, 'id'],
      ['/robot/stop', { id: 1, closePositions: 'yes' }, 'closePositions'],
      ['/robot/pageList', { pageSize: 1000 }, 'pageSize'],
      ['/robot/purchaseRecord', { id: 1, pageNum: 0 }, 'pageNum'],
    ];
    for (const [url, body, field] of cases) {
      const answer = await post(token, url, body);
      expect({ url, field, code: answer.code }).toEqual({ url, field, code: 400 });
      expect(answer.msg, `${url} ${JSON.stringify(body)}`).toContain(shownField(field));
    }
    const untraded = await registerUser(ctx.app);
    await fund(ctx.app, untraded.user.id, 100_000, 'STOCK');
    expect((await post(untraded.token, '/robot/create', grid)).code).toBe(403);
  });

  it("another user cannot see or control my robot", async () => {
    const mine = await trader();
    const theirs = await trader();
    const { data } = await post<Robot>(mine.token, '/robot/create', gridBody('AAPL', quoteOf('AAPL')));
    for (const url of ['/robot/detail', '/robot/pause', '/robot/resume', '/robot/stop', '/robot/purchaseRecord']) {
      const answer = await post(theirs.token, url, { id: data.id });
      expect({ url, code: answer.code }).toEqual({ url, code: 404 });
    }
    expect((await post<Page<Robot>>(theirs.token, '/robot/pageList', {})).data.total).toBe(0);
    const list = (await post<Page<Robot>>(mine.token, '/robot/pageList', {})).data;
    expect(list.list.map((r) => r.id)).toEqual([data.id]);
    expect(list.list[0]?.tradingStatus).toBe('running');
    expect((await call(ctx.app, 'POST', '/robot/pageList', { body: {} })).code).toBe(401);
  });
});

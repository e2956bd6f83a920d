import { AssetSource, type FuturesContract, type Order, type Position } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { approveTrading, call, createTestContext, eventually, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { fillRestingOrder } from './orders.service.js';
import { quote } from './trading-pricing.js';

/** Issue 18 item 4: take-profit and stop-loss at entry, the futures contract month and unit, refusals that change nothing. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const round2 = (n: number) => Math.round(n * 100) / 100;
const instrument = (source: number, code: string) => ctx.app.market.deps.catalog.get(source, code)!;
const bidAsk = (source: number, code: string) => {
  const q = quote(ctx.app.trading, instrument(source, code));
  return { bid: q.bid, ask: q.ask };
};

async function trader(usd = 1_000_000) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  for (const wallet of ['STOCK', 'FUTURE']) await fund(ctx.app, session.user.id, usd * 100, wallet);
  return session;
}
const order = (token: string, body: Record<string, unknown>, path = '/stock/create', language?: string) =>
  call<Order>(ctx.app, 'POST', path, { token, body, ...(language && { headers: { languages: language } }) });
const positions = async (token: string, source?: number) =>
  (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: source === undefined ? {} : { source } })).data;

/** Everything a refused order could have written: orders, positions, holds and ledger postings. */
async function tableCounts() {
  const [row] = await queryRows<{ orders: number; positions: number; holds: number; entries: number }>(
    ctx.app.database.db,
    sql`SELECT (SELECT COUNT(*) FROM orders)::int AS orders, (SELECT COUNT(*) FROM positions)::int AS positions,
               (SELECT COUNT(*) FROM holds)::int AS holds, (SELECT COUNT(*) FROM journal_entries)::int AS entries`,
  );
  return row!;
}

async function expectRefusedUnchanged(send: () => Promise<{ code: number; msg: string }>, message: string | RegExp) {
  const before = await tableCounts();
  const answer = await send();
  expect(answer.code).toBe(400);
  if (typeof message === 'string') expect(answer.msg).toBe(message);
  else expect(answer.msg).toMatch(message);
  expect(await tableCounts()).toEqual(before);
}

describe('take-profit and stop-loss at order entry', () => {
  it('a market buy with both levels opens a position that carries them, in the same transaction as the fill', async () => {
    const { token } = await trader();
    const { ask } = bidAsk(0, 'AAPL');
    const takeProfit = round2(ask * 1.1);
    const stopLoss = round2(ask * 0.9);
    const placed = await order(token, { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 5, takeProfit, stopLoss });
    expect(placed.data).toMatchObject({ status: 1, takeProfit, stopLoss, contract: null });
    const [position] = await positions(token);
    expect(position).toMatchObject({ id: placed.data.positionId, takeProfit, stopLoss, positionNum: 5 });
    const [row] = await queryRows<{ take_profit: string; stop_loss: string }>(
      ctx.app.database.db,
      sql`SELECT take_profit::text, stop_loss::text FROM orders WHERE id = ${placed.data.id}`,
    );
    // Stored exactly (NUMERIC), read back as the same number.
    expect(Number(row!.take_profit)).toBe(takeProfit);
    expect(Number(row!.stop_loss)).toBe(stopLoss);
  });

  it('a short (buy-down) takes profit below the bid and stops above it; the engine closes it at its stop-loss', async () => {
    const { token } = await trader();
    const { bid } = bidAsk(0, 'MSFT');
    const stopLoss = round2(bid * 1.05);
    const placed = await order(token, { stockCode: 'MSFT', direction: 1, orderType: 0, quantity: 3, takeProfit: round2(bid * 0.9), stopLoss });
    expect(placed.data.status).toBe(1);
    tick(ctx, 0, 'MSFT', bid * 1.08);
    await eventually(async () => (await positions(token)).length === 0);
    const [close] = await queryRows<{ reason: string }>(ctx.app.database.db, sql`SELECT reason FROM orders WHERE position_id = ${placed.data.positionId} AND open_close = 1`);
    expect(close?.reason).toBe('stop_loss');
  });

  it('a resting limit order keeps its levels and sets them on the position when it fills', async () => {
    const { token } = await trader();
    const { ask } = bidAsk(0, 'NVDA');
    const limit = round2(ask * 0.97);
    const takeProfit = round2(limit * 1.1);
    const stopLoss = round2(limit * 0.95);
    const placed = await order(token, { stockCode: 'NVDA', direction: 0, orderType: 1, price: limit, quantity: 2, takeProfit, stopLoss });
    // The levels are judged at the limit price (the expected fill), not at today's ask: this stop-loss is below the limit.
    expect(placed.data).toMatchObject({ status: 0, takeProfit, stopLoss });
    expect(await positions(token)).toEqual([]);
    tick(ctx, 0, 'NVDA', limit * 0.99);
    await fillRestingOrder(ctx.app.trading, placed.data.id);
    await eventually(async () => (await positions(token)).length === 1);
    expect((await positions(token))[0]).toMatchObject({ takeProfit, stopLoss });
  });

  it('refuses a level on the wrong side of the expected fill price, naming it in the caller’s language, and writes nothing', async () => {
    const { token } = await trader();
    const { ask, bid } = bidAsk(0, 'AMD');
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 0, orderType: 0, quantity: 1, takeProfit: round2(ask * 0.99) }),
      `The take-profit must be above the expected fill price (${ask}) for a buy-up order`,
    );
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 0, orderType: 0, quantity: 1, stopLoss: round2(ask * 1.01) }, '/stock/create', 'zh_TW'),
      `買漲委託的停損價必須低於預計成交價（${ask}）`,
    );
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 1, orderType: 0, quantity: 1, takeProfit: round2(bid * 1.01) }, '/stock/create', 'de'),
      `Der Take-Profit muss bei Short unter dem erwarteten Ausführungskurs (${bid}) liegen`,
    );
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 1, orderType: 0, quantity: 1, stopLoss: round2(bid * 0.99) }, '/stock/create', 'ja'),
      `売り注文の損切りは想定約定価格（${bid}）より高くしてください`,
    );
    // A resting limit is judged at its limit: a take-profit between the ask and the limit is refused.
    const limit = round2(ask * 0.9);
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 0, orderType: 1, price: limit, quantity: 1, stopLoss: round2(limit * 1.01) }),
      `The stop-loss must be below the expected fill price (${limit}) for a buy-up order`,
    );
    // A stop at its trigger.
    const trigger = round2(ask * 1.05);
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 0, orderType: 2, triggerPrice: trigger, quantity: 1, takeProfit: round2(ask * 1.02) }),
      `The take-profit must be above the expected fill price (${trigger}) for a buy-up order`,
    );
    // A level that is not a price at all is refused by the schema, with the field's label.
    await expectRefusedUnchanged(
      () => order(token, { stockCode: 'AMD', direction: 0, orderType: 0, quantity: 1, takeProfit: -3 }, '/stock/create', 'th'),
      'ราคาทำกำไร ต้องมีค่าอย่างน้อย 0',
    );
  });

  it('Taiwan levels follow the price grid, and a lot size off the grid is refused before anything is written', async () => {
    const { token } = await trader();
    await expectRefusedUnchanged(
      () => order(token, { stockCode: '2330', direction: 0, orderType: 0, quantity: 1500 }, '/twStock/create', 'hi'),
      'ताइवान ऑर्डर 1 से 999 शेयर (ऑड लॉट) या 1000 के पूरे लॉट होते हैं',
    );
    await expectRefusedUnchanged(
      () => order(token, { stockCode: '2330', direction: 0, orderType: 0, quantity: 2000, stopLoss: 1001 }, '/twStock/create'),
      'This price is not on the price grid; use steps of 5',
    );
  });
});

describe('futures contract month and unit', () => {
  const months = async (root: string) =>
    (await call<FuturesContract[]>(ctx.app, 'GET', `/m_ft/futures_opt_list?stockCode=${root}`)).data;

  it('an order on the next month carries that contract, and the position shows it with its expiry', async () => {
    const { token } = await trader();
    const [front, next] = await months('GC');
    const placed = await order(token, { goldCode: 'GC', contract: next!.stock_code, direction: 0, orderType: 0, quantity: 1, leverage: 10 }, '/gold/create');
    expect(placed.data).toMatchObject({ status: 1, contract: next!.stock_code });
    const [position] = await positions(token, AssetSource.Future);
    expect(position).toMatchObject({ contract: next!.stock_code, expiresTimestamp: next!.lastTradeDate });
    expect(position!.expiresTimestamp).toBeGreaterThan(front!.lastTradeDate);
    // Without a month, the front one.
    const plain = await order(token, { goldCode: 'GC', direction: 1, orderType: 0, quantity: 1, leverage: 10 }, '/gold/create');
    expect(plain.data.contract).toBe(front!.stock_code);
  });

  it('refuses a month that is not listed, and a price off the contract’s tick, writing nothing', async () => {
    const { token } = await trader();
    await expectRefusedUnchanged(
      () => order(token, { goldCode: 'GC', contract: 'GCF19', direction: 0, orderType: 0, quantity: 1 }, '/gold/create'),
      'GCF19 is not a listed contract month of GC',
    );
    const { ask } = bidAsk(AssetSource.Future, 'ZC');
    // Corn moves in quarter cents: 0.1 of a cent is off the grid.
    await expectRefusedUnchanged(
      () => order(token, { goldCode: 'ZC', direction: 0, orderType: 1, price: Math.floor(ask) - 0.1, quantity: 1 }, '/gold/create', 'zh_CN'),
      '价格 必须是最小变动价位 0.25 的整数倍',
    );
    await expectRefusedUnchanged(
      () => order(token, { goldCode: 'ZC', direction: 0, orderType: 0, quantity: 1, takeProfit: Math.ceil(ask) + 10.3 }, '/gold/create'),
      'Take-profit must be a whole number of ticks of 0.25',
    );
  });

  it('corn is quoted in cents per bushel: a contract of 5,000 bushels at 440 ¢ is $22,000 of notional', async () => {
    const { token } = await trader();
    const rules = (await call<{ multiplier: number }>(ctx.app, 'POST', '/stocka_config/getMinCount', { body: { stockCode: 'ZC', source: 3 } })).data;
    expect(rules.multiplier).toBe(50);
    const detail = (await call<{ unit: string; tickSize: number; quotedIn: string }>(ctx.app, 'GET', '/m_ft/detail_quote?stockCode=ZC')).data;
    expect(detail).toMatchObject({ unit: 'bushels', tickSize: 0.25, quotedIn: 'USc' });
    expect((await call<{ quotedIn: string }>(ctx.app, 'GET', '/m_ft/detail_quote?stockCode=GC')).data.quotedIn).toBe('USD');
    const { ask } = bidAsk(AssetSource.Future, 'ZC');
    const placed = await order(token, { goldCode: 'ZC', direction: 0, orderType: 0, quantity: 1, leverage: 1 }, '/gold/create');
    // Margin at 1× is the notional: price in cents × 5,000 bushels ÷ 100.
    expect(placed.data.margin).toBeCloseTo(round2((ask * 5000) / 100), 2);
    expect(placed.data.margin).toBeLessThan(100_000);
  });

  it('leaves the ledger sound', async () => {
    const audit = await auditLedger(ctx.app.database.db);
    expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  });
});

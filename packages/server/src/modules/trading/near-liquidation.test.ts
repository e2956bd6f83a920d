import { floatingPnlMinor, marginRatio, type Order, type Position } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.js';
import { loadConfig } from '../../config/config.js';
import { approveTrading, call, createTestContext, eventually, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { REARM_BAND, sendNearLiquidationNotice } from './near-liquidation.js';
import { bidAsk, rulesFor } from './trading-rules.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ TRANSFER_SETTLE_SECONDS: '0', ORDER_PER_USER_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const FOREX = 2;
const THRESHOLD = 80;
const instrument = () => ctx.app.market.deps.catalog.get(FOREX, 'EURUSD')!;
const lastPrice = () => ctx.app.market.feed.quote(instrument()).price;

/** A trader holding one lot of EUR/USD at 100× (margin about $10.80), long or short. */
async function nearTrader(direction: 0 | 1) {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, 10_000 * 100, 'FOREX');
  const placed = await call<Order>(ctx.app, 'POST', '/stock/create', {
    token: session.token,
    body: { stockCode: 'EURUSD', source: FOREX, direction, orderType: 0, quantity: 1, leverage: 100 },
  });
  expect(placed.code).toBe(200);
  const [position] = (await call<Position[]>(ctx.app, 'POST', '/position/me', { token: session.token, body: {} })).data;
  return { ...session, position: position! };
}

/** The margin ratio the engine computes for the position if the last price were `price` (exit at the bid or ask around it). */
function ratioAt(position: Position, price: number): number {
  const rules = rulesFor(ctx.config, instrument());
  const { bid, ask } = bidAsk(instrument(), price, rules.halfSpread);
  const pnl = floatingPnlMinor({ direction: position.direction, openPrice: position.openPrice, exitPrice: position.direction === 0 ? bid : ask, quantity: position.positionNum, multiplier: 1000, rate: 1 });
  return marginRatio({ marginMinor: Math.round(position.isolatedPosition * 100), floatingPnlMinor: pnl, maintenanceRatio: ctx.config.LIQUIDATION_MARGIN_RATIO });
}

/** The first last price, walking from the open price against the position one pip-tenth at a time, whose margin ratio reaches `target`. */
function priceAtRatio(position: Position, target: number): number {
  const step = position.direction === 0 ? -0.00001 : 0.00001;
  for (let i = 1; i < 100_000; i += 1) {
    const price = Number((position.openPrice + step * i).toFixed(5));
    if (ratioAt(position, price) >= target) return price;
  }
  throw new Error(`no price reaches a margin ratio of ${target}`);
}

async function notices(userId: number) {
  return queryRows<{ title_key: string; body_key: string; text_params: Record<string, unknown> }>(
    ctx.app.database.db,
    sql`SELECT title_key, body_key, text_params FROM user_messages WHERE user_id = ${userId} AND title_key = 'notice.nearLiquidationTitle' ORDER BY id`,
  );
}

async function storedNotice(positionId: number) {
  const [row] = await queryRows<{ margin: string }>(ctx.app.database.db, sql`SELECT margin::text FROM near_liquidation_notices WHERE position_id = ${positionId}`);
  return row;
}

/** Ticks for a while and lets the engine's once-a-second look happen several times. */
async function tickFor(code: string, prices: number[], seconds = 2.5) {
  const until = Date.now() + seconds * 1000;
  let i = 0;
  while (Date.now() < until) {
    tick(ctx, FOREX, code, prices[i % prices.length]!);
    i += 1;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return i;
}

describe('near-liquidation notice', () => {
  it('is not sent for a safe position, however many ticks', async () => {
    const { user, position } = await nearTrader(0);
    const safe = priceAtRatio(position, 40);
    const ticks = await tickFor('EURUSD', [position.openPrice, safe, lastPrice()]);
    expect(ticks).toBeGreaterThan(50);
    expect(await notices(user.id)).toEqual([]);
    expect(await storedNotice(position.id)).toBeUndefined();
  });

  it('is sent exactly once under many ticks near liquidation and concurrent evaluation, in keys with parameters', async () => {
    const { user, token, position } = await nearTrader(0);
    const near = priceAtRatio(position, 85);
    const nearer = priceAtRatio(position, 95);
    expect(ratioAt(position, nearer)).toBeLessThan(100);
    tick(ctx, FOREX, 'EURUSD', near);
    await eventually(async () => (await notices(user.id)).length === 1);
    // Many more ticks inside the zone, and twenty evaluations at once as a second process would make.
    const deps = ctx.app.trading;
    const [ticks, results] = await Promise.all([tickFor('EURUSD', [near, nearer, near]), Promise.all(Array.from({ length: 20 }, () => sendNearLiquidationNotice(deps, position.id)))]);
    console.log(`near-liquidation: ${ticks} ticks and 20 concurrent evaluations in the zone, ${(await notices(user.id)).length} notice`);
    expect(results.filter((r) => r.sent)).toHaveLength(0);
    const sent = await notices(user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title_key: 'notice.nearLiquidationTitle', body_key: 'notice.nearLiquidationLongBody', text_params: { code: 'EURUSD', quantity: 1 } });
    // Figures are kept typed and written in the reader's language when read.
    const ratio = sent[0]!.text_params.ratio as { kind: string; value: number; digits: number };
    const price = sent[0]!.text_params.price as { kind: string; value: number; digits: number };
    expect(ratio).toMatchObject({ kind: 'number', digits: 2 });
    expect(price).toMatchObject({ kind: 'price', digits: instrument().precision });
    expect(ratio.value).toBeGreaterThanOrEqual(THRESHOLD);
    expect(price.value).toBeLessThan(position.openPrice);
    // Read in the reader's language from the stored keys.
    const read = async (language: string) =>
      (await call<{ list: { title: string; content: string }[] }>(ctx.app, 'GET', '/userMessage/getMessage', { token, headers: { 'accept-language': language } })).data.list.filter((m) =>
        m.title.includes('EURUSD'),
      );
    const [english] = await read('en');
    expect(english?.title).toBe('Near liquidation: EURUSD');
    expect(english?.content).toContain(`its margin ratio is ${ratio.value.toFixed(2)} %`);
    expect(english?.content).toContain(`falls to ${price.value.toLocaleString('en-US', { minimumFractionDigits: price.digits, maximumFractionDigits: price.digits })}.`);
    const [german] = await read('de');
    expect(german?.title).toBe('Nahe der Liquidation: EURUSD');
    expect(german?.content).toContain(ratio.value.toFixed(2).replace('.', ','));
    expect((await read('th'))[0]?.title).toBe('ใกล้ถูกบังคับปิด: EURUSD');
  });

  it('is armed again once the position moves back out of the zone by the band, then sent on the next approach', async () => {
    const { user, position } = await nearTrader(1);
    const near = priceAtRatio(position, 85);
    tick(ctx, FOREX, 'EURUSD', near);
    await eventually(async () => (await notices(user.id)).length === 1);
    expect((await notices(user.id))[0]?.body_key).toBe('notice.nearLiquidationShortBody');

    // Back under the threshold but inside the band: still told, nothing re-armed.
    const inBand = priceAtRatio(position, THRESHOLD - REARM_BAND + 2);
    await tickFor('EURUSD', [inBand], 1.5);
    expect(await storedNotice(position.id)).toBeDefined();

    // Out past the band: the stored fact is gone; the next approach is told again, once.
    tick(ctx, FOREX, 'EURUSD', position.openPrice);
    await eventually(async () => (await storedNotice(position.id)) === undefined);
    await tickFor('EURUSD', [near], 2);
    expect(await notices(user.id)).toHaveLength(2);
  });

  it('is armed again when margin is added, and told again if the position is still near', async () => {
    const { user, token, position } = await nearTrader(0);
    const near = priceAtRatio(position, 95);
    tick(ctx, FOREX, 'EURUSD', near);
    await eventually(async () => (await notices(user.id)).length === 1);
    // One cent more margin leaves it as near as before: a new margin, a new notice.
    const added = await call<Position>(ctx.app, 'POST', '/position/addPositionMargin', { token, body: { id: position.id, amount: 0.01 } });
    expect(added.code).toBe(200);
    await tickFor('EURUSD', [near], 2);
    expect(await notices(user.id)).toHaveLength(2);
    expect(Number((await storedNotice(position.id))?.margin)).toBe(Math.round(position.isolatedPosition * 100) + 1);
    const audit = await auditLedger(ctx.app.database.db);
    expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0 });
  });
});

describe("the engine's once-a-second push", () => {
  it('shows a moved position as /position/me does at the same quote: price, profit, liquidation price and margin ratio', async () => {
    const { user, token, position } = await nearTrader(1);
    const moved = priceAtRatio(position, 60);
    const pushed = vi.spyOn(ctx.app.userChannels, 'send');
    const listening = vi.spyOn(ctx.app.userChannels, 'isListening').mockImplementation((userId) => userId === user.id);
    try {
      tick(ctx, FOREX, 'EURUSD', moved);
      const shown = () =>
        pushed.mock.calls
          .filter(([userId, message]) => userId === user.id && message.type === 'position' && message.position.id === position.id)
          .map(([, message]) => (message as { position: Position }).position)
          .find((p) => p.nowPrice !== position.nowPrice);
      await eventually(() => shown() !== undefined);
      const [mine] = (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data;
      expect(mine!.marginRatio).toBeGreaterThanOrEqual(60);
      expect(shown()).toEqual(mine);
    } finally {
      pushed.mockRestore();
      listening.mockRestore();
    }
  });
});

describe('the rules the web computes the liquidation price from', () => {
  it('give EUR/USD a tick of exactly 0.00001 (10 ** -5 is 0.000009999999999999999 in floating point)', async () => {
    const { token } = await registerUser(ctx.app);
    const rules = await call<{ tickSize: number; maintenanceRatio: number }>(ctx.app, 'POST', '/stocka_config/getMinCount', { token, body: { source: FOREX, stockCode: 'EURUSD' } });
    expect(rules.data).toMatchObject({ tickSize: 0.00001, maintenanceRatio: 0.2 });
    expect(String(rules.data.tickSize)).toBe('0.00001');
  });
});

describe('NEAR_LIQUIDATION_MARGIN_RATIO', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: 'memory://' };
  it('defaults to 80 and takes a percent above the margin ratio of a new position', () => {
    expect(loadConfig(base).NEAR_LIQUIDATION_MARGIN_RATIO).toBe(80);
    expect(loadConfig({ ...base, NEAR_LIQUIDATION_MARGIN_RATIO: '65.5' }).NEAR_LIQUIDATION_MARGIN_RATIO).toBe(65.5);
  });

  it.each(['abc', '0', '100', '150', '20', '-5'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, NEAR_LIQUIDATION_MARGIN_RATIO: value })).toThrow(/NEAR_LIQUIDATION_MARGIN_RATIO/);
  });
});

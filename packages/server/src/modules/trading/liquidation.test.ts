import { floatingPnlMinor, type Order, type Page, type Position } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveTrading, call, createTestContext, eventually, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';
import { parseReplayCsv } from '../market/providers/csv-replay.provider.js';
import { bidAsk, rulesFor, tickSizeOf } from './trading-rules.js';

/*
 * The liquidation price /position/me shows is the price at which the engine liquidates: a price
 * path written as a CSV replay (read by the CSV provider's parser) walks the exit price down (a long)
 * or up (a short) one tick a row; the position stays open at every tick before the shown price and
 * is liquidated at it, at that price.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ MARKET_ALWAYS_OPEN: 'true' });
});
afterAll(() => ctx.close());

const EURUSD = () => ctx.app.market.deps.catalog.get(2, 'EURUSD')!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function trader() {
  const session = await registerUser(ctx.app);
  await approveTrading(ctx.app, session.user.id);
  await fund(ctx.app, session.user.id, 10_000_000, 'FOREX');
  return session;
}

const positionsOf = async (token: string) => (await call<Position[]>(ctx.app, 'POST', '/position/me', { token, body: {} })).data;
const closedOf = async (token: string) => (await call<Page<Position>>(ctx.app, 'POST', '/position/flatList', { token, body: {} })).data.list;

/** The last price whose house quote puts the exit side (bid for a long, ask for a short) exactly at `exit`. */
function lastPriceFor(long: boolean, exit: number): number {
  const instrument = EURUSD();
  const tick = tickSizeOf(instrument, exit);
  const { halfSpread } = rulesFor(ctx.config, instrument);
  for (let k = 0; k < 100; k++) {
    const last = Number((long ? exit + k * tick : exit - k * tick).toFixed(instrument.precision));
    const quote = bidAsk(instrument, last, halfSpread);
    if ((long ? quote.bid : quote.ask) === exit) return last;
  }
  throw new Error(`no last price quotes ${exit}`);
}

/** Writes the path as a replay CSV, reads it with the CSV provider's parser, and applies its rows one by one as the provider's ticks. */
function replay(exits: number[], long: boolean) {
  const start = ctx.clock.now().getTime();
  const csv = ['ts,source,code,price,volume', ...exits.map((exit, i) => `${start + (i + 1) * 1000},2,EURUSD,${lastPriceFor(long, exit)},10`)].join('\n');
  return parseReplayCsv(csv, 'liquidation-path.csv', (source, code) => ctx.app.market.deps.catalog.get(source, code) !== undefined).map((row) => () => {
    ctx.clock.advance(1000);
    ctx.app.market.feed.apply({ ...row, ts: ctx.clock.now().getTime() });
  });
}

async function open(token: string, direction: 0 | 1, leverage: number) {
  ctx.clock.advance(1000);
  ctx.app.market.feed.apply({ source: 2, code: 'EURUSD', price: 1.08345, volume: 10, ts: ctx.clock.now().getTime() });
  const placed = await call<Order>(ctx.app, 'POST', '/stock/create', { token, body: { stockCode: 'EURUSD', source: 2, direction, orderType: 0, quantity: 2, leverage } });
  expect(placed.code, placed.msg).toBe(200);
  const position = (await positionsOf(token)).find((p) => p.id === placed.data.positionId)!;
  return { order: placed.data, position };
}

/** Drives the exit price over `exits`, expecting the position open after each but the last, and liquidated by the last at that price. */
async function driveTo(token: string, positionId: number, exits: number[], long: boolean) {
  const steps = replay(exits, long);
  for (const [i, step] of steps.entries()) {
    step();
    if (i < steps.length - 1) {
      await settle();
      expect((await positionsOf(token)).some((p) => p.id === positionId), `open at ${exits[i]}`).toBe(true);
    }
  }
  await eventually(async () => (await closedOf(token)).some((p) => p.id === positionId));
  return (await closedOf(token)).find((p) => p.id === positionId)!;
}

const ticksAway = (price: number, tick: number, n: number) => Number((price + n * tick).toFixed(5));

describe('liquidation at the shown price', () => {
  it('a 100× long is liquidated when the bid reaches its liquidation price, not a tick before, and closes at it', async () => {
    const { token } = await trader();
    const { order, position } = await open(token, 0, 100);
    const L = position.liquidationPrice!;
    const tick = 0.00001;
    expect(L).toBeLessThan(order.fillPrice!);
    expect(position.marginRatio).toBeGreaterThan(0);
    expect(position.marginRatio).toBeLessThan(100);
    // The engine's rule is the equity rule on the tick grid: a tick above, equity is still above
    // maintenance; a tick below, the equity rule alone would have liquidated.
    const margin = Math.round(position.isolatedPosition * 100);
    const equityAt = (price: number) => margin + floatingPnlMinor({ direction: 0, openPrice: order.fillPrice!, exitPrice: price, quantity: 2, multiplier: 1000, rate: 1 });
    expect(equityAt(ticksAway(L, tick, 1))).toBeGreaterThan(margin * ctx.config.LIQUIDATION_MARGIN_RATIO);
    expect(equityAt(ticksAway(L, tick, -1))).toBeLessThanOrEqual(margin * ctx.config.LIQUIDATION_MARGIN_RATIO);

    const closed = await driveTo(token, position.id, [3, 2, 1, 0].map((n) => ticksAway(L, tick, n)), true);
    expect(closed.status).toBe('liquidated');
    expect(Math.abs(closed.nowPrice - L)).toBeLessThanOrEqual(tick);
    expect(closed.nowPrice).toBe(L);
  });

  it('a 100× short is liquidated when the ask rises to its liquidation price, not a tick before', async () => {
    const { token } = await trader();
    const { order, position } = await open(token, 1, 100);
    const L = position.liquidationPrice!;
    expect(L).toBeGreaterThan(order.fillPrice!);
    const closed = await driveTo(token, position.id, [-3, -2, -1, 0].map((n) => ticksAway(L, 0.00001, n)), false);
    expect(closed).toMatchObject({ status: 'liquidated', nowPrice: L });
  });

  it('adding margin moves the liquidation price away, and the engine follows the new one', async () => {
    const { token } = await trader();
    const { position } = await open(token, 0, 50);
    const before = position.liquidationPrice!;
    const added = await call<Position>(ctx.app, 'POST', '/position/addPositionMargin', { token, body: { id: position.id, amount: '20' } });
    expect(added.code, added.msg).toBe(200);
    const after = added.data.liquidationPrice!;
    expect(after).toBeLessThan(before);
    expect((await positionsOf(token)).find((p) => p.id === position.id)?.liquidationPrice).toBe(after);
    // Through the old price and down to a tick above the new one: still open; at the new one: liquidated.
    const closed = await driveTo(token, position.id, [before, ticksAway(before, 0.00001, -1), ticksAway(after, 0.00001, 1), after], true);
    expect(closed).toMatchObject({ status: 'liquidated', nowPrice: after });
    const audit = await auditLedger(ctx.app.database.db);
    expect(audit).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0, frozenNotMatchingHolds: 0 });
  });

  it('a position opened, or given a take-profit, after the engine last looked at the symbol is acted on at its own price', async () => {
    // The engine skips a tick whose price none of the symbol's positions is due at (price-bands.ts): what is placed
    // after it last looked must narrow that band, or these ticks would be skipped.
    const far = await trader();
    const { position: calm } = await open(far.token, 0, 5);
    for (const step of replay([ticksAway(calm.nowPrice, 0.00001, -2), ticksAway(calm.nowPrice, 0.00001, -1)], true)) step();
    await settle();
    const near = await trader();
    const { position: risky } = await open(near.token, 0, 100);
    const L = risky.liquidationPrice!;
    const closed = await driveTo(near.token, risky.id, [2, 1, 0].map((n) => ticksAway(L, 0.00001, n)), true);
    expect(closed).toMatchObject({ status: 'liquidated', nowPrice: L });
    expect((await positionsOf(far.token)).some((p) => p.id === calm.id)).toBe(true);

    const target = ticksAway(L, 0.00001, 5);
    const set = await call<Position>(ctx.app, 'POST', '/position/setTpSl', { token: far.token, body: { id: calm.id, takeProfit: target } });
    expect(set.code, set.msg).toBe(200);
    const taken = await driveTo(far.token, calm.id, [ticksAway(target, 0.00001, -1), target], true);
    expect(taken.nowPrice).toBe(target);
  });
});

import { AssetSource, OrderDirection, dec, liquidationReached, tradableSources, type Order, type Position, type TradingRules } from '@tradewind/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRisk } from '../../../../web/src/features/trade/utils/order-math.js';
import { approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../../test/test-app.js';
import { loadConfig } from '../../config/config.js';
import { type Instrument, loadInstruments, twTickSize } from '../market/index.js';
import { publicRules, rulesFor, tickSizeOf } from './trading-rules.js';
import type { PositionRow } from '../../db/schema.js';
import type { TradingDeps } from './trading-deps.js';
import { PriceBands } from './price-bands.js';
import { costs, mayReachMarginRatio, positionLiquidationPrice, positionValue, shouldLiquidate, tpSlDue, type Quote } from './trading-pricing.js';

/*
 * The web's preview (features/trade/utils/order-math.ts, fed the rules the server sends) and the
 * server's decision (the functions the order and the engine call) agree to the minor unit and the
 * tick on random orders of every tradable source. Compared as exact decimal text, never as floats.
 */

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', MARKET_PROVIDER: 'none' });
const SYMBOLS = ['AAPL', 'TSLA', 'F', 'BAC', 'SPX', 'IXIC', 'N225', 'GC', 'SI', 'CL', 'NG', 'ZC', 'EURUSD', 'USDJPY', 'USDTWD', '2330', '0050'];
const { catalog } = loadInstruments({ alwaysOpen: true, only: new Set(SYMBOLS) });
const bySource = new Map<number, Instrument[]>(tradableSources.map((source) => [source, catalog.all.filter((i) => i.source === source)]));

/** `raw` put on the instrument's tick grid (Taiwan's tick depends on the price band), as an exact decimal text. */
function onGrid(instrument: Instrument, raw: number): string {
  const tick = dec(instrument.source === AssetSource.TwStock ? twTickSize(raw) : tickSizeOf(instrument, raw));
  const ticks = dec(raw).div(tick).round(0, 1);
  return (ticks.lt(1) ? tick : ticks.times(tick)).toString();
}

const orderArb = fc
  .record({
    source: fc.constantFrom(...tradableSources),
    pick: fc.nat(20),
    direction: fc.constantFrom(OrderDirection.Buy, OrderDirection.Sell),
    // Prices from cents to tens of thousands, log-uniform-ish.
    mantissa: fc.integer({ min: 1_000, max: 9_999 }),
    exponent: fc.integer({ min: -3, max: 1 }),
    quantity: fc.integer({ min: 1, max: 5_000 }),
    leverageShare: fc.double({ min: 0, max: 1, noNaN: true }),
    // Most orders are priced in the wallet's own currency (rate 1); the rest convert, at a rate as the FX quotes give it (1 / a quote, or a quote).
    rateKind: fc.constantFrom('one', 'one', 'inverse', 'direct'),
    fx: fc.integer({ min: 500, max: 16_000 }),
  })
  .map((o) => {
    const list = bySource.get(o.source)!;
    const instrument = list[o.pick % list.length]!;
    const scale = instrument.source === AssetSource.Forex ? 10 ** (o.exponent - 3) : 10 ** (o.exponent + 1);
    const price = Number(onGrid(instrument, (o.mantissa / 1000) * scale * 10));
    const rules = publicRules(config, instrument, price);
    const leverage = Math.max(1, Math.round(o.leverageShare * rules.leverageMax));
    const fx = o.fx / 100;
    const rate = o.rateKind === 'one' ? 1 : o.rateKind === 'inverse' ? 1 / fx : fx;
    return { instrument, direction: o.direction, price, quantity: o.quantity, leverage, rate, rules };
  });

/** Minor units of a major-unit number the web shows, exactly (it is minor / 100). */
const minorOf = (major: number) => dec(major).times(100).toString();

describe('pricing property: web preview = server decision', () => {
  it('notional, margin, fee and liquidation price agree for 10,000 random orders on every source', () => {
    const counts = new Map<number, number>();
    let reachable = 0;
    fc.assert(
      fc.property(orderArb, ({ instrument, direction, price, quantity, leverage, rate, rules }) => {
        counts.set(instrument.source, (counts.get(instrument.source) ?? 0) + 1);
        // The web: its preview from the rules the server sends (GET trading rules) and the rate.
        const web = orderRisk({ price, quantity, multiplier: rules.multiplier, rate, leverage, feeRate: rules.feeRate, minFee: rules.minFee, direction, maintenanceRatio: rules.maintenanceRatio, tickSize: rules.tickSize });
        // The server: what placeOrder/openPosition book, and what /position/me and the engine use.
        const serverRules = rulesFor(config, instrument);
        const server = costs(serverRules, price, quantity, serverRules.multiplier, rate, leverage);
        const position = { status: 'open' as const, direction, openPrice: price, quantity, multiplier: serverRules.multiplier, margin: server.margin };
        const serverLiquidation = positionLiquidationPrice({ config }, position, instrument, rate);
        expect(web).toBeDefined();
        expect(minorOf(web!.notional)).toBe(String(server.notional));
        expect(minorOf(web!.margin)).toBe(String(server.margin));
        expect(minorOf(web!.fee)).toBe(String(server.fee));
        expect(web!.liquidationPrice === null ? null : dec(web!.liquidationPrice).toString()).toBe(serverLiquidation === null ? null : dec(serverLiquidation).toString());
        if (serverLiquidation !== null) {
          reachable += 1;
          // On the tick grid, and on the losing side of the open price.
          expect(dec(serverLiquidation).mod(dec(rules.tickSize)).eq(0)).toBe(true);
          expect(direction === OrderDirection.Buy ? serverLiquidation <= price : serverLiquidation >= price).toBe(true);
        }
      }),
      { numRuns: 10_000, seed: 20261126 },
    );
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const names: Record<number, string> = { 0: 'stock', 2: 'forex', 3: 'futures', 7: 'TW', 99: 'index' };
    console.log(`pricing property: ${total} orders (${[...counts].map(([s, n]) => `${names[s]} ${n}`).join(', ')}), ${reachable} with a reachable liquidation price: web preview = server`);
    expect(total).toBe(10_000);
    for (const source of tradableSources) expect(counts.get(source) ?? 0).toBeGreaterThan(1_000);
  });
});

describe("the engine's liquidation check", () => {
  it('on one position row at changing conversion rates and exit prices, agrees with the price worked out afresh each time', () => {
    const deps = { config, market: { catalog } } as unknown as TradingDeps;
    fc.assert(
      fc.property(orderArb, fc.array(fc.tuple(fc.double({ min: 0.5, max: 2, noNaN: true }), fc.double({ min: 0.5, max: 1.5, noNaN: true })), { minLength: 1, maxLength: 6 }), (order, moves) => {
        const { instrument, direction, price, quantity, leverage, rate } = order;
        const serverRules = rulesFor(config, instrument);
        const margin = costs(serverRules, price, quantity, serverRules.multiplier, rate, leverage).margin;
        const row = { id: 1, status: 'open', source: instrument.source, stockCode: instrument.code, direction, openPrice: price, quantity, multiplier: serverRules.multiplier, margin } as PositionRow;
        // The same row seen again at other rates and prices, and back at the first rate, as the engine sees it on ticks.
        for (const [rateMove, priceMove] of [[1, 1] as const, ...moves, [1, 1] as const]) {
          const tickRate = rate * rateMove;
          const exit = Number((price * priceMove).toPrecision(8));
          const fresh = liquidationReached(direction, exit, positionLiquidationPrice({ config }, row, instrument, tickRate));
          const q = { bid: exit, ask: exit, rate: tickRate } as Quote;
          expect(shouldLiquidate(deps, row, q)).toBe(fresh);
        }
      }),
      { numRuns: 2_000, seed: 20261206 },
    );
  });
});

describe("the engine's near-liquidation prefilter", () => {
  it('never passes over a position whose exact margin ratio reaches the threshold, at prices around it', () => {
    let reached = 0;
    let skipped = 0;
    fc.assert(
      fc.property(
        orderArb,
        fc.constantFrom(50, 65.5, 80, 95),
        fc.array(fc.double({ min: -1e-3, max: 1e-3, noNaN: true }), { minLength: 1, maxLength: 8 }),
        (order, threshold, nudges) => {
          const { instrument, direction, price, quantity, leverage, rate } = order;
          const serverRules = rulesFor(config, instrument);
          const margin = costs(serverRules, price, quantity, serverRules.multiplier, rate, leverage).margin;
          const row = { id: 1, status: 'open', source: instrument.source, stockCode: instrument.code, direction, openPrice: price, quantity, multiplier: serverRules.multiplier, margin } as PositionRow;
          // The exit price where the ratio is about the threshold (in floating point), then nudged around it.
          const equityAt = (margin * config.LIQUIDATION_MARGIN_RATIO * 100) / threshold;
          const move = (equityAt - margin) / (quantity * serverRules.multiplier * rate * 100);
          const around = direction === OrderDirection.Buy ? price + move : price - move;
          for (const nudge of nudges) {
            const exit = Number((around * (1 + nudge)).toPrecision(8));
            if (!(exit > 0)) continue;
            const q = { bid: exit, ask: exit, rate } as Quote;
            const exact = positionValue({ config }, row, instrument, q).marginRatio;
            if (exact >= threshold) reached += 1;
            if (!mayReachMarginRatio({ config }, row, q, threshold)) {
              skipped += 1;
              expect(exact).toBeLessThan(threshold);
            }
          }
        },
      ),
      { numRuns: 3_000, seed: 20261206 },
    );
    expect(reached).toBeGreaterThan(1_000);
    expect(skipped).toBeGreaterThan(1_000);
  });
});

describe("the engine's price band", () => {
  it('when a quote is inside the band of a symbol, none of its positions is due by the rules the engine applies one by one', () => {
    const deps = { config, market: { catalog } } as unknown as TradingDeps;
    const level = fc.option(fc.double({ min: 0.5, max: 1.5, noNaN: true }), { nil: null });
    const positionArb = fc.record({ direction: fc.constantFrom(OrderDirection.Buy, OrderDirection.Sell), leverageShare: fc.double({ min: 0, max: 1, noNaN: true }), takeProfit: level, stopLoss: level });
    let quietSeen = 0;
    fc.assert(
      fc.property(orderArb, fc.array(positionArb, { minLength: 1, maxLength: 8 }), fc.array(fc.tuple(fc.double({ min: 0.5, max: 1.5, noNaN: true }), fc.double({ min: 0, max: 0.01, noNaN: true })), { minLength: 1, maxLength: 8 }), (order, specs, moves) => {
        const { instrument, price, quantity, rate, rules } = order;
        const serverRules = rulesFor(config, instrument);
        const rows = specs.map((spec, i) => {
          const leverage = Math.max(1, Math.round(spec.leverageShare * rules.leverageMax));
          const margin = costs(serverRules, price, quantity, serverRules.multiplier, rate, leverage).margin;
          const at = (share: number | null) => (share === null ? null : Number((price * share).toPrecision(8)));
          return { id: i + 1, status: 'open', source: instrument.source, stockCode: instrument.code, direction: spec.direction, openPrice: price, quantity, multiplier: serverRules.multiplier, margin, takeProfit: at(spec.takeProfit), stopLoss: at(spec.stopLoss) } as PositionRow;
        });
        const bands = new PriceBands();
        bands.remake(deps, 'k', rows.slice(0, 1), { bid: price, ask: price, rate } as Quote, instrument);
        // The rest are placed after the band was made, as positions opened or changed between ticks are.
        for (const row of rows.slice(1)) bands.place(deps, 'k', row);
        for (const [priceMove, spread] of moves) {
          const bid = Number((price * priceMove).toPrecision(8));
          const q = { bid, ask: Number((bid * (1 + spread)).toPrecision(8)), rate } as Quote;
          if (!bands.quiet('k', q, instrument)) continue;
          quietSeen += 1;
          for (const row of rows) {
            expect(shouldLiquidate(deps, row, q)).toBe(false);
            expect(tpSlDue(deps, row, q)).toBe(false);
          }
        }
      }),
      { numRuns: 3_000, seed: 20261206 },
    );
    expect(quietSeen).toBeGreaterThan(500);
  });
});

describe('pricing property through HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ MARKET_ALWAYS_OPEN: 'true', ORDER_PER_USER_PER_MINUTE: '1000' });
  });
  afterAll(() => ctx.close());

  it('a filled order books the margin and fee the web previewed at its fill price, and /position/me shows the previewed liquidation price', async () => {
    const session = await registerUser(ctx.app);
    await approveTrading(ctx.app, session.user.id);
    for (const wallet of ['STOCK', 'FUTURE', 'FOREX', 'TW']) await fund(ctx.app, session.user.id, 500_000_000_000, wallet, wallet === 'TW' ? 'TWD' : 'USD');
    const samples = fc.sample(orderArb.filter((o) => o.instrument.currency === (o.instrument.source === AssetSource.TwStock ? 'TWD' : 'USD')), { numRuns: 40, seed: 7 });
    let checked = 0;
    for (const sample of samples) {
      const { instrument, direction, leverage } = sample;
      // Taiwan trades odd lots below 1,000; every source takes its step.
      const quantity = instrument.source === AssetSource.TwStock ? Math.min(sample.quantity, 999) : Math.min(sample.quantity, instrument.source === AssetSource.Future ? 2 : 20);
      tick(ctx, instrument.source, instrument.code, sample.price);
      const path = instrument.source === AssetSource.Future ? '/gold/create' : instrument.source === AssetSource.TwStock ? '/twStock/create' : '/stock/create';
      const codeField = instrument.source === AssetSource.Future ? 'goldCode' : 'stockCode';
      const placed = await call<Order>(ctx.app, 'POST', path, { token: session.token, body: { [codeField]: instrument.code, source: instrument.source, direction, orderType: 0, quantity, leverage } });
      expect(placed.code, placed.msg).toBe(200);
      const rules = (await call<TradingRules>(ctx.app, 'POST', '/stocka_config/getMinCount', { body: { stockCode: instrument.code, source: instrument.source } })).data;
      const fill = placed.data.fillPrice!;
      const preview = orderRisk({ price: fill, quantity, multiplier: rules.multiplier, rate: 1, leverage, feeRate: rules.feeRate, minFee: rules.minFee, direction, maintenanceRatio: rules.maintenanceRatio, tickSize: tickSizeOf(instrument, fill) })!;
      expect([placed.data.margin, placed.data.fee]).toEqual([preview.margin, preview.fee]);
      const positions = (await call<Position[]>(ctx.app, 'POST', '/position/me', { token: session.token, body: { source: instrument.source } })).data;
      const position = positions.find((p) => p.id === placed.data.positionId)!;
      expect(position.liquidationPrice).toBe(preview.liquidationPrice);
      await call(ctx.app, 'POST', '/position/flatPosition', { token: session.token, body: { id: position.id } });
      checked += 1;
    }
    console.log(`pricing property: ${checked} orders through HTTP booked what the web previewed`);
    expect(checked).toBe(40);
  });
});

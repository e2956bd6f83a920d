import { describe, expect, it } from 'vitest';
import { runBacktest } from './backtest.js';
import { buyQuantity, type CostModel } from './sizing.js';
import { dcaStep, gridLines, gridStep, maStep, movingAverages, type GridState, type Holding, type Observation } from './strategies.js';

const at = (price: number, time = 0): Observation => ({ time, price, closes: [], barTime: null });

describe('grid', () => {
  // Lines 90, 95, 100, 105, 110: a lot bought at a line is sold one line higher.
  const params = { lower: 90, upper: 110, grids: 4, amountPerGrid: 100_000 };

  it('spaces the lines evenly from lower to upper', () => {
    expect(gridLines(params)).toEqual([90, 95, 100, 105, 110]);
  });

  it('buys when the price falls through a line and sells that lot one line up', () => {
    let state: GridState = { lastPrice: null };
    let holdings: Holding[] = [];
    const walk = (price: number) => {
      const result = gridStep(params, state, at(price), holdings);
      state = result.state;
      for (const intent of result.intents) {
        if (intent.side === 'buy') holdings = [...holdings, { slot: intent.slot, quantity: 1 }];
        else holdings = holdings.filter((h) => h.slot !== intent.slot);
      }
      return result.intents;
    };
    expect(walk(101)).toEqual([]); // the first price is only the reference
    expect(walk(99)).toEqual([{ side: 'buy', slot: 2, amount: 100_000 }]); // through 100
    expect(walk(94)).toEqual([{ side: 'buy', slot: 1, amount: 100_000 }]); // through 95
    expect(walk(96)).toEqual([]); // the 95 lot sells at 100, not before
    expect(walk(100)).toEqual([{ side: 'sell', slot: 1 }]);
    expect(walk(104.9)).toEqual([]);
    expect(walk(106)).toEqual([{ side: 'sell', slot: 2 }]);
    expect(holdings).toEqual([]);
  });

  it('falling through two lines at once buys both; rising through lines buys nothing; a held line is not bought twice', () => {
    expect(gridStep(params, { lastPrice: 102 }, at(93), []).intents).toEqual([
      { side: 'buy', slot: 2, amount: 100_000 },
      { side: 'buy', slot: 1, amount: 100_000 },
    ]);
    expect(gridStep(params, { lastPrice: 89 }, at(109), []).intents).toEqual([]);
    expect(gridStep(params, { lastPrice: 101 }, at(99), [{ slot: 2, quantity: 1 }]).intents).toEqual([]);
  });

  it('does not buy above the range and buys the bottom line when the price leaves the range downwards', () => {
    expect(gridStep(params, { lastPrice: 120 }, at(111), []).intents).toEqual([]);
    expect(gridStep(params, { lastPrice: 91 }, at(80), []).intents).toEqual([{ side: 'buy', slot: 0, amount: 100_000 }]);
  });
});

describe('dollar-cost averaging', () => {
  it('buys at the first price and then once per whole interval', () => {
    const params = { amountPerInterval: 5_000, interval: '1m' as const };
    let state = { lastBuyAt: null as number | null };
    const buys: number[] = [];
    for (const time of [0, 30, 59, 60, 90, 125, 184, 185]) {
      const result = dcaStep(params, state, at(10, time));
      state = result.state;
      if (result.intents.length > 0) buys.push(time);
      for (const intent of result.intents) expect(intent).toEqual({ side: 'buy', slot: 0, amount: 5_000 });
    }
    expect(buys).toEqual([0, 60, 125, 185]);
  });
});

describe('moving-average crossover', () => {
  const params = { shortPeriod: 2, longPeriod: 3, barInterval: '1d' as const, amountPerTrade: 10_000 };
  const bars = (closes: number[], barTime = 100): Observation => ({ time: barTime + 86_400, price: closes.at(-1) ?? 0, closes, barTime });

  it('computes the averages at the newest close and the one before', () => {
    // Before: short (10+10)/2 = 10, long (10+10+10)/3 = 10; now: short (10+11)/2 = 10.5, long (10+10+11)/3 = 10.333…
    const averages = movingAverages([10, 10, 10, 11], 2, 3);
    expect(averages?.previous).toEqual({ short: 10, long: 10 });
    expect(averages?.now.short).toBe(10.5);
    expect(averages?.now.long).toBeCloseTo(10.3333, 4);
    expect(movingAverages([10, 10, 10], 2, 3)).toBeNull();
  });

  it('buys on a golden cross and sells on a death cross, once per bar', () => {
    const golden = maStep(params, { lastBarTime: null }, bars([10, 10, 10, 11]), []);
    expect(golden.intents).toEqual([{ side: 'buy', slot: 0, amount: 10_000 }]);
    expect(golden.state).toEqual({ lastBarTime: 100 });
    // The same bar again decides nothing.
    expect(maStep(params, golden.state, bars([10, 10, 10, 11]), []).intents).toEqual([]);
    // Holding already: a golden cross does not buy more.
    expect(maStep(params, { lastBarTime: null }, bars([10, 10, 10, 11]), [{ slot: 0, quantity: 3 }]).intents).toEqual([]);
    // Before: short 10, long 10; now: short 9.5 < long 9.667: a death cross sells what is held.
    expect(maStep(params, { lastBarTime: 100 }, bars([10, 10, 10, 9], 200), [{ slot: 0, quantity: 3 }]).intents).toEqual([{ side: 'sell', slot: 0 }]);
    expect(maStep(params, { lastBarTime: 100 }, bars([10, 10, 10, 9], 200), []).intents).toEqual([]);
    // No cross (short stays above): nothing.
    expect(maStep(params, { lastBarTime: null }, bars([10, 11, 12, 13]), []).intents).toEqual([]);
  });
});

describe('sizing and backtest', () => {
  const model: CostModel = { multiplier: 1, rate: 1, feeRate: 0.001, minFeeMinor: 100, minCount: 1, step: 1, boardLot: null };

  it('buys the largest whole quantity whose cost and fee fit the amount', () => {
    // $1,000 at $99: 10 shares cost $990 + $1 fee (0.1 % is $0.99, below the $1 minimum) = $991.
    expect(buyQuantity(model, 100_000, 99)).toEqual({ quantity: 10, cost: 99_100 });
    // $100 at $99: 1 share costs $99 + $1 = $100 exactly.
    expect(buyQuantity(model, 10_000, 99)).toEqual({ quantity: 1, cost: 10_000 });
    expect(buyQuantity(model, 9_999, 99)).toBeNull();
  });

  it('in Taiwan buys an odd lot below 1,000 shares and whole board lots from there', () => {
    const tw = { ...model, feeRate: 0.001425, minFeeMinor: 2_000, boardLot: 1000 };
    // NT$100,000 at NT$60: 1,666 shares would fit, but only whole lots above 999: one lot of 1,000.
    expect(buyQuantity(tw, 10_000_000, 60)).toEqual({ quantity: 1000, cost: 6_000_000 + 8_550 });
    // NT$50,000 at NT$60: an odd lot of 832 (NT$49,920 + NT$71.14 fee).
    expect(buyQuantity(tw, 5_000_000, 60)).toEqual({ quantity: 832, cost: 4_992_000 + 7_114 });
  });

  it('walks a grid over bars with the same decisions as live and is deterministic', () => {
    const closes = [101, 99, 94, 96, 100, 106, 98];
    const input = {
      robot: { strategy: 'grid' as const, params: { lower: 90, upper: 110, grids: 4, amountPerGrid: 100_000 } },
      amount: 300_000,
      stockCode: 'TEST',
      currency: 'USD',
      interval: '1d' as const,
      intervalSeconds: 86_400,
      bars: closes.map((close, i) => ({ t: i * 86_400, d: `2026-01-0${i + 1}`, open: close, high: close, low: close, close, volume: 1 })),
      model,
      bidAsk: (price: number) => ({ bid: price, ask: price }),
    };
    const result = runBacktest(input);
    expect(result.trades.map((t) => [t.side, t.price, t.quantity])).toEqual([
      ['buy', 99, 10],
      ['buy', 94, 10],
      ['sell', 100, 10],
      ['sell', 106, 10],
      // 106 → 98 falls through 105 and 100: both lines buy.
      ['buy', 98, 10],
      ['buy', 98, 10],
    ]);
    // Oldest first, each exit paired with the entry it closes: the sell at 100 closes the second
    // entry (94), the sell at 106 the first (99); its profit is the whole round trip's.
    expect(result.trades.map((t) => t.time)).toEqual([2, 3, 5, 6, 7, 7].map((day) => day * 86_400));
    expect(result.trades.map((t) => [t.roundTrip, t.entryPrice, t.entryTime])).toEqual([
      [1, null, null],
      [2, null, null],
      [2, 94, 3 * 86_400],
      [1, 99, 2 * 86_400],
      [3, null, null],
      [4, null, null],
    ]);
    // 94 → 100 on 10 shares: +$60 less $1 + $1 fees (both at the minimum); 99 → 106: +$70 less $1 + $1.06.
    expect(result.trades[2]?.profit).toBe(58);
    expect(result.trades[3]?.profit).toBe(67.94);
    // Two open lots of 10 at 98 marked at 98 (their fees, $0.98 → the $1 minimum, are already paid).
    expect(result.finalPnl).toBe(123.94);
    expect(result.maxDrawdown).toBeGreaterThan(0);
    expect(runBacktest(input)).toEqual(result);
  });
});

import { AssetSource } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { generateHistory } from './history.js';
import { loadInstruments, type Instrument } from '../catalog/instruments.js';
import { PriceWalk, SimulatorProvider, TW_DAILY_LIMIT, applyDailyLimit, modelFor } from './simulator.js';
import { seededRandom } from './random.js';
import { sessionOf } from '../calendar/calendar.js';
import { isOnTwTick } from '../catalog/taiwan-ticks.js';

const { catalog } = loadInstruments({ alwaysOpen: false, only: new Set(['AAPL', 'MSFT', '2330', 'EURUSD', 'GC', 'SPX', 'ZC']) });
const instrument = (source: number, code: string) => catalog.get(source, code) as Instrument;

function run(seed: string, times: number[]) {
  const simulator = new SimulatorProvider({
    instruments: catalog.all,
    seed,
    now: () => 0,
    tickMs: 100,
    startingPrice: (i) => ({ price: i.referencePrice, previousClose: i.referencePrice, sessionDate: null }),
  });
  return times.flatMap((t) => simulator.step(t));
}

const mondayNoonNewYork = Date.parse('2026-11-23T17:00:00Z');
const everySecond = (from: number, seconds: number) => Array.from({ length: seconds }, (_, i) => from + i * 1000);

describe('simulator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const times = everySecond(mondayNoonNewYork, 120);
    const first = run('seed-a', times);
    expect(first.length).toBeGreaterThan(50);
    expect(run('seed-a', times)).toEqual(first);
    expect(run('seed-b', times)).not.toEqual(first);
  });

  it('ticks only instruments whose market is open', () => {
    const saturday = run('s', everySecond(Date.parse('2026-11-21T17:00:00Z'), 60));
    expect(saturday).toEqual([]);
    const thanksgiving = run('s', everySecond(Date.parse('2026-11-26T17:00:00Z'), 60));
    expect(new Set(thanksgiving.map((t) => t.code))).toEqual(new Set(['EURUSD']));
    const taipeiMorning = run('s', everySecond(Date.parse('2026-11-23T02:00:00Z'), 60));
    expect(new Set(taipeiMorning.map((t) => t.code))).toEqual(new Set(['2330', 'EURUSD', 'GC', 'ZC']));
  });

  it('keeps Taiwan prices inside ±10 % of the previous close, even with extreme volatility', () => {
    const tsmc = instrument(AssetSource.TwStock, '2330');
    const walk = new PriceWalk(tsmc, { volatility: 20, meanTickMs: 1000, dailyVolume: 1000 }, seededRandom('limit'), 1000, 1000, null);
    const session = sessionOf(tsmc.calendar, '2026-11-23');
    if (!session) throw new Error('expected a session');
    const prices = Array.from({ length: 500 }, () => walk.step(session, 60));
    expect(Math.max(...prices)).toBeLessThanOrEqual(1000 * (1 + TW_DAILY_LIMIT));
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(1000 * (1 - TW_DAILY_LIMIT));
    expect(prices).toContain(1100);
    expect(prices.every(isOnTwTick)).toBe(true);
    expect(applyDailyLimit(tsmc, 96, 87)).toBe(95.7);
    expect(applyDailyLimit(tsmc, 78, 87)).toBe(78.3);
    expect(applyDailyLimit(tsmc, 90, 87)).toBe(90);
  });

  it('quotes futures on their tick (corn in quarter cents) and still moves by less than a tick per step', () => {
    const corn = instrument(AssetSource.Future, 'ZC');
    expect(corn.futures?.tickSize).toBe(0.25);
    const walk = new PriceWalk(corn, modelFor(corn, 'tick'), seededRandom('tick'), 440.25, 440.25, null);
    const session = sessionOf(corn.calendar, '2026-11-23');
    if (!session) throw new Error('expected a session');
    const prices = Array.from({ length: 2000 }, () => walk.step(session, 1));
    expect(prices.every((p) => Number.isInteger(p / 0.25))).toBe(true);
    // One-second steps are far smaller than a tick; the walk keeps them, so the quote does move.
    expect(new Set(prices).size).toBeGreaterThan(3);
    const history = generateHistory(corn, { seed: 'tick', nowMs: mondayNoonNewYork, days: 20, intradaySessions: 2 });
    const all = Object.values(history.bars).flat().flatMap((b) => [b.open, b.high, b.low, b.close]);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((p) => !Number.isInteger(p / 0.25))).toEqual([]);
  });

  it('fits volatility to the asset class: forex calmer than stocks', () => {
    const fx = modelFor(instrument(AssetSource.Forex, 'EURUSD'), 's').volatility;
    const stock = modelFor(instrument(AssetSource.Stock, 'AAPL'), 's').volatility;
    expect(fx).toBeLessThan(0.15);
    expect(stock).toBeGreaterThanOrEqual(0.12);
  });

  it('generates a year of daily history and minute bars for the last sessions', () => {
    const history = generateHistory(instrument(AssetSource.Stock, 'AAPL'), { seed: 's', nowMs: mondayNoonNewYork, days: 365, intradaySessions: 3 });
    expect(history.bars['1d'].length).toBeGreaterThan(240);
    expect(new Set(history.bars['1m'].map((b) => b.d))).toEqual(new Set(['2026-11-23']));
    expect(new Set(history.bars['5m'].map((b) => b.d))).toEqual(new Set(['2026-11-20', '2026-11-23']));
    expect(new Set(history.bars['30m'].map((b) => b.d)).size).toBe(3);
    expect(history.bars['1m'].at(-1)?.t).toBe(mondayNoonNewYork / 1000 - 60);
    for (const bar of history.bars['1d']) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
    }
    expect(history.price).toBe(history.bars['1m'].at(-1)?.close);
    expect(history.price).toBeCloseTo(instrument(AssetSource.Stock, 'AAPL').referencePrice, 1);
  });
});

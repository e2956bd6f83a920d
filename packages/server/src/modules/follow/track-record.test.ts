import { describe, expect, it } from 'vitest';
import type { Bar, Instrument, MarketDeps } from '../market/index.js';
import { trackRecord } from './track-record.js';

const DAY = 86_400;
const NOW = Date.parse('2026-01-05T15:00:00Z') / 1000;

/** Daily bars at UTC midnight for `days` days up to yesterday, closing at `close(daysAgo)`. */
function bars(days: number, close: (daysAgo: number) => number): Bar[] {
  const today = Math.floor(NOW / DAY) * DAY;
  return Array.from({ length: days }, (_, i) => {
    const daysAgo = days - i;
    const t = today - daysAgo * DAY;
    const c = close(daysAgo);
    return { t, d: new Date(t * 1000).toISOString().slice(0, 10), open: c, high: c, low: c, close: c, volume: 1 };
  });
}

function market(series: Record<string, { bars: Bar[]; price: number }>): MarketDeps {
  return {
    now: () => NOW * 1000,
    feed: {
      bars: (instrument: Instrument) => series[instrument.code]!.bars,
      quote: (instrument: Instrument) => ({ price: series[instrument.code]!.price }),
    },
  } as unknown as MarketDeps;
}

const stock = (code: string) => ({ code }) as Instrument;

describe('track record of a model portfolio', () => {
  it('is the weighted growth of each holding from the close at the period start to the live price', () => {
    // A doubles over the year in a straight line from 100; B stays at 50. Weights 60 / 40.
    const a = bars(400, (ago) => (ago > 365 ? 100 : 100 + (365 - ago) * (100 / 365)));
    const b = bars(400, () => 50);
    const record = trackRecord(market({ A: { bars: a, price: 200 }, B: { bars: b, price: 50 } }), [
      { instrument: stock('A'), weightBps: 6000 },
      { instrument: stock('B'), weightBps: 4000 },
    ]);
    const aThen = (ago: number) => 100 + (365 - ago) * (100 / 365);
    expect(record.year1).toBeCloseTo(60, 2);
    expect(record.month1).toBeCloseTo(((0.6 * 200) / aThen(30) + 0.4 - 1) * 100, 2);
    expect(record.month3).toBeCloseTo(((0.6 * 200) / aThen(91) + 0.4 - 1) * 100, 2);
    expect(record.curve[0]).toBe(100);
    expect(record.curve.at(-1)).toBeCloseTo(160, 2);
    expect(record.curve.length).toBe(54);
    for (let i = 1; i < record.curve.length; i++) expect(record.curve[i]!).toBeGreaterThanOrEqual(record.curve[i - 1]!);
  });

  it('leaves a period empty when the history does not reach back to it', () => {
    const short = bars(60, () => 10);
    const record = trackRecord(market({ A: { bars: short, price: 11 } }), [{ instrument: stock('A'), weightBps: 10_000 }]);
    expect(record.month1).toBeCloseTo(10, 2);
    expect(record.month3).toBeNull();
    expect(record.year1).toBeNull();
    expect(record.curve[0]).toBe(100);
    expect(record.curve.at(-1)).toBeCloseTo(110, 2);
  });
});

import { describe, expect, it } from 'vitest';
import { addTick, barStart, type Bar, type Interval } from './bars.js';

const open = Date.parse('2026-01-05T14:30:00Z');
const date = '2026-01-05';
const ticks: Array<[string, number, number]> = [
  ['14:30:10', 100, 10],
  ['14:30:50', 101, 5],
  ['14:31:05', 99, 7],
  ['14:34:59', 102, 1],
  ['14:35:00', 103, 2],
];

function build(interval: Interval): Array<Omit<Bar, 'd'>> {
  const series: Bar[] = [];
  for (const [time, price, volume] of ticks) {
    const ms = Date.parse(`2026-01-05T${time}Z`);
    addTick(series, barStart(interval, ms, open, date), date, price, volume);
  }
  return series.map(({ d: _d, ...bar }) => bar);
}

const s = (time: string) => Date.parse(`2026-01-05T${time}Z`) / 1000;

describe('bar aggregation from ticks (hand-computed)', () => {
  it('1-minute bars', () => {
    expect(build('1m')).toEqual([
      { t: s('14:30:00'), open: 100, high: 101, low: 100, close: 101, volume: 15 },
      { t: s('14:31:00'), open: 99, high: 99, low: 99, close: 99, volume: 7 },
      { t: s('14:34:00'), open: 102, high: 102, low: 102, close: 102, volume: 1 },
      { t: s('14:35:00'), open: 103, high: 103, low: 103, close: 103, volume: 2 },
    ]);
  });

  it('5-minute bars are aligned to the session open', () => {
    expect(build('5m')).toEqual([
      { t: s('14:30:00'), open: 100, high: 102, low: 99, close: 102, volume: 23 },
      { t: s('14:35:00'), open: 103, high: 103, low: 103, close: 103, volume: 2 },
    ]);
  });

  it('30-minute and daily bars; the daily bar is stamped at the trading date', () => {
    expect(build('30m')).toEqual([{ t: s('14:30:00'), open: 100, high: 103, low: 99, close: 103, volume: 25 }]);
    expect(build('1d')).toEqual([{ t: Date.parse('2026-01-05T00:00:00Z') / 1000, open: 100, high: 103, low: 99, close: 103, volume: 25 }]);
  });

  it('a late tick merges into the bar it belongs to', () => {
    const series: Bar[] = [];
    const put = (time: string, price: number) => addTick(series, barStart('1m', Date.parse(`2026-01-05T${time}Z`), open, date), date, price, 1);
    put('14:30:10', 100);
    put('14:32:10', 105);
    put('14:30:40', 90);
    put('14:31:30', 95);
    expect(series.map((b) => [b.t, b.low, b.close])).toEqual([
      [s('14:30:00'), 90, 100],
      [s('14:31:00'), 95, 95],
      [s('14:32:00'), 105, 105],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { BarSeries, barStart, type Bar, type Interval } from './bars.js';

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
  const series = new BarSeries(2);
  for (const [time, price, volume] of ticks) {
    const ms = Date.parse(`2026-01-05T${time}Z`);
    series.addTick(barStart(interval, ms, open, date), date, price, volume);
  }
  return series.toArray().map(({ d: _d, ...bar }) => bar);
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
    const series = new BarSeries(1);
    const put = (time: string, price: number) => series.addTick(barStart('1m', Date.parse(`2026-01-05T${time}Z`), open, date), date, price, 1);
    put('14:30:10', 100);
    put('14:32:10', 105);
    put('14:30:40', 90);
    put('14:31:30', 95);
    expect(series.toArray().map((b) => [b.t, b.low, b.close])).toEqual([
      [s('14:30:00'), 90, 100],
      [s('14:31:00'), 95, 95],
      [s('14:32:00'), 105, 105],
    ]);
  });
});

describe('a series kept in columns', () => {
  const day = (d: string, t: number, close: number): Bar => ({ t, d, open: close - 1, high: close + 1, low: close - 2, close, volume: t * 10 });

  it('gives back exactly the bars it was given, across growth and from either end', () => {
    const bars = Array.from({ length: 100 }, (_, i) => day(`2026-0${1 + (i % 9)}-1${i % 10}`, 1_000 + i, 100 + i / 8));
    const series = new BarSeries(1);
    series.append(bars.slice(0, 37));
    series.append(bars.slice(37));
    expect(series.length).toBe(100);
    expect(series.toArray()).toEqual(bars);
    expect(series.at(-1)).toEqual(bars[99]);
    expect(series.at(-100)).toEqual(bars[0]);
    expect(series.at(100)).toBeUndefined();
    series.compact();
    expect(BarSeries.from(bars).toArray()).toEqual(series.toArray());
  });

  it('keeps the bars of the last sessions only', () => {
    const series = BarSeries.from([day('2026-01-05', 1, 1), day('2026-01-05', 2, 2), day('2026-01-06', 3, 3), day('2026-01-07', 4, 4), day('2026-01-07', 5, 5)]);
    series.keepRecentSessions(2);
    expect(series.toArray().map((b) => b.t)).toEqual([3, 4, 5]);
    series.addTick(6, '2026-01-08', 9, 1);
    expect(series.toArray().map((b) => [b.t, b.d])).toEqual([[3, '2026-01-06'], [4, '2026-01-07'], [5, '2026-01-07'], [6, '2026-01-08']]);
    series.keepRecentSessions(5);
    expect(series.length).toBe(4);
  });

  it('a tick older than every bar becomes the first bar', () => {
    const series = BarSeries.from([day('2026-01-05', 60, 10), day('2026-01-05', 120, 11)]);
    series.addTick(0, '2026-01-05', 7, 3);
    expect(series.toArray().map((b) => [b.t, b.open, b.close, b.volume])).toEqual([[0, 7, 7, 3], [60, 9, 10, 600], [120, 10, 11, 1200]]);
  });
});

/** OHLCV bars aggregated from ticks. `t` is the bar's start in Unix seconds; `d` the trading date it belongs to. */
export interface Bar {
  t: number;
  d: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const intervals = ['1m', '5m', '30m', '1d'] as const;
export type Interval = (typeof intervals)[number];

export const intervalSeconds: Record<Interval, number> = { '1m': 60, '5m': 300, '30m': 1800, '1d': 86_400 };

/** How many sessions of each interval are kept: enough for the widest range that reads it. */
export const sessionsKept: Record<Interval, number> = { '1m': 1, '5m': 2, '30m': 7, '1d': 400 };

/**
 * Start of the bar a tick falls in. Intraday bars are aligned to the session's opening so a
 * 09:30 open gives 09:30, 10:00 … half-hours; a daily bar is stamped at UTC midnight of its date
 * so charts label it with the trading date even when the session opened the evening before.
 */
export function barStart(interval: Interval, tickMs: number, sessionOpenMs: number, tradingDate: string): number {
  if (interval === '1d') return Date.parse(`${tradingDate}T00:00:00Z`) / 1000;
  const length = intervalSeconds[interval] * 1000;
  return Math.floor((sessionOpenMs + Math.floor((tickMs - sessionOpenMs) / length) * length) / 1000);
}

/** Adds a tick to a series in time order; returns the bar it landed in. */
export function addTick(series: Bar[], start: number, date: string, price: number, volume: number): Bar {
  const last = series.at(-1);
  if (last && last.t === start) {
    last.high = Math.max(last.high, price);
    last.low = Math.min(last.low, price);
    last.close = price;
    last.volume += volume;
    return last;
  }
  const bar = { t: start, d: date, open: price, high: price, low: price, close: price, volume };
  if (last && last.t > start) {
    // A late tick from a provider: merge into the bar it belongs to rather than reorder history.
    const index = series.findLastIndex((b) => b.t <= start);
    const existing = index >= 0 ? series[index] : undefined;
    if (existing?.t === start) {
      existing.high = Math.max(existing.high, price);
      existing.low = Math.min(existing.low, price);
      existing.volume += volume;
      return existing;
    }
    series.splice(index + 1, 0, bar);
    return bar;
  }
  series.push(bar);
  return bar;
}

/** Folds finer bars into coarser ones (history generation and tests). */
export function aggregate(bars: readonly Bar[], startOf: (bar: Bar) => number): Bar[] {
  const out: Bar[] = [];
  for (const bar of bars) {
    const start = startOf(bar);
    const last = out.at(-1);
    if (last && last.t === start) {
      last.high = Math.max(last.high, bar.high);
      last.low = Math.min(last.low, bar.low);
      last.close = bar.close;
      last.volume += bar.volume;
    } else out.push({ ...bar, t: start });
  }
  return out;
}

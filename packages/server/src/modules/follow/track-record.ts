import type { TrackRecord } from '@tradewind/contract';
import { type Bar, type Instrument, type MarketDeps } from '../market/index.js';

const DAY = 86_400;

/** The close of the last daily bar on or before `t` (Unix seconds), or undefined when history starts later. */
function closeOnOrBefore(bars: readonly Bar[], t: number): number | undefined {
  let lo = 0;
  let hi = bars.length - 1;
  let found: Bar | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const bar = bars[mid]!;
    if (bar.t <= t) {
      found = bar;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found?.close;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The close a period starts from: the last on or before its first day, or the first bar when the
 * history begins within a week after it (a year of history generated at first start begins on the
 * first session after the day a year ago).
 */
function startClose(bars: readonly Bar[], t: number): number | undefined {
  const first = bars[0];
  return closeOnOrBefore(bars, t) ?? (first && first.t <= t + 7 * DAY ? first.close : undefined);
}

/**
 * What the model portfolio returned: bought at the weights at the close of the period's first day
 * and held to the live price (percent). The curve is its value each week of the last year as an
 * index from 100. Computed from the daily bars the market keeps, so it moves with the market.
 */
export function trackRecord(market: MarketDeps, holdings: ReadonlyArray<{ instrument: Instrument; weightBps: number }>): TrackRecord {
  const now = Math.floor(market.now() / 1000);
  const series = holdings.map((h) => ({
    weight: h.weightBps / 10_000,
    bars: market.feed.bars(h.instrument, '1d'),
    price: market.feed.quote(h.instrument).price,
  }));
  // Each holding's value at `t` relative to its value at `from`; null where history does not reach.
  const growth = (from: number, to: number | null): number | null => {
    let total = 0;
    for (const s of series) {
      const start = startClose(s.bars, from);
      const end = to === null ? s.price : closeOnOrBefore(s.bars, to);
      if (start === undefined || end === undefined || start <= 0) return null;
      total += s.weight * (end / start);
    }
    return series.length > 0 ? total : null;
  };
  const periodReturn = (days: number) => {
    const g = growth(now - days * DAY, null);
    return g === null ? null : round2((g - 1) * 100);
  };
  const yearStart = now - 365 * DAY;
  const firstCommon = Math.max(yearStart, ...series.map((s) => s.bars[0]?.t ?? Infinity));
  const curve: number[] = [];
  if (Number.isFinite(firstCommon)) {
    for (let t = firstCommon; t < now; t += 7 * DAY) {
      const g = growth(firstCommon, t);
      if (g !== null) curve.push(round2(g * 100));
    }
    const last = growth(firstCommon, null);
    if (last !== null) curve.push(round2(last * 100));
  }
  return { month1: periodReturn(30), month3: periodReturn(91), year1: periodReturn(365), curve };
}

import { bucketOf, overlayBuckets, recentSessions, sessionsKept, type Bar, type Interval } from './bars.js';
import type { Instrument } from '../catalog/instruments.js';
import { generateHistory, type HistoryOptions } from './history.js';
import { startingQuote, type QuoteFigures } from './quote-state.js';

/** Stored buckets of one instrument, per interval and bucket key, laid over its generated history. */
export type Overlay = Record<Interval, Map<string, readonly Bar[]>>;

export const emptyOverlay = (): Overlay => ({ '1m': new Map(), '5m': new Map(), '30m': new Map(), '1d': new Map() });

/**
 * What a start keeps of an instrument's generated history: per interval the bars live ticks may change (the
 * bucket the history ends in, with the stored buckets laid over it) and the quote it begins with. Plain data, so
 * a worker thread can make it (history.worker.ts) and hand it over.
 */
export interface InstrumentStart {
  live: Record<Interval, Bar[]>;
  state: QuoteFigures;
}

/** Generates the instrument's history up to `history.nowMs` (its anchor) and keeps only what the start needs. */
export function instrumentStart(instrument: Instrument, history: HistoryOptions, overlay: Overlay | undefined): InstrumentStart {
  const generated = generateHistory(instrument, history).bars;
  const liveOf = (interval: Interval) => overlayBuckets(interval, lastBucket(interval, generated[interval]), overlay?.[interval] ?? new Map());
  const live: Record<Interval, Bar[]> = { '1m': liveOf('1m'), '5m': liveOf('5m'), '30m': liveOf('30m'), '1d': liveOf('1d') };
  const state = startingQuote(instrument.referencePrice, withLive('1d', generated['1d'], live['1d']), withLive('1m', generated['1m'], live['1m']).at(-1));
  return { live, state };
}

/** Generated bars older than the live ones, then the live ones: the sessions an interval keeps. */
export function withLive(interval: Interval, generated: readonly Bar[], live: readonly Bar[]): Bar[] {
  const from = live[0]?.t ?? Infinity;
  return recentSessions(generated.filter((bar) => bar.t < from).concat(live), sessionsKept[interval]);
}

/** The bars of the last bucket, oldest first. */
function lastBucket(interval: Interval, bars: readonly Bar[]): Bar[] {
  const last = bars.at(-1);
  if (!last) return [];
  const bucket = bucketOf(interval, last);
  let from = bars.length - 1;
  while (from > 0 && bucketOf(interval, bars[from - 1] as Bar) === bucket) from--;
  return bars.slice(from);
}

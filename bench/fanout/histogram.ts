/** The smallest latency told apart from zero, in ms; anything below lands in the first bucket. */
const MIN_MS = 0.01;
/** Each bucket is 1 % wider than the one before: percentiles are within 1 % of the truth. */
const GROWTH = 1.01;
const LOG_GROWTH = Math.log(GROWTH);
/** Buckets up to MIN_MS · 1.01^n ≈ 100 s; slower values share the last bucket (max is kept exactly). */
export const BUCKETS = Math.ceil(Math.log(100_000 / MIN_MS) / LOG_GROWTH) + 1;

export interface HistogramSnapshot {
  counts: number[];
  count: number;
  sum: number;
  min: number;
  max: number;
}

/**
 * Latencies in fixed log-scale buckets: constant memory (about 1,600 counters) however many
 * millions of messages are recorded, mergeable across worker threads.
 */
export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  sum = 0;
  min = Infinity;
  max = -Infinity;

  record(ms: number): void {
    const index = ms <= MIN_MS ? 0 : Math.min(BUCKETS - 1, Math.floor(Math.log(ms / MIN_MS) / LOG_GROWTH) + 1);
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.count++;
    this.sum += ms;
    if (ms < this.min) this.min = ms;
    if (ms > this.max) this.max = ms;
  }

  reset(): void {
    this.counts.fill(0);
    this.count = 0;
    this.sum = 0;
    this.min = Infinity;
    this.max = -Infinity;
  }

  snapshot(): HistogramSnapshot {
    return { counts: Array.from(this.counts), count: this.count, sum: this.sum, min: this.min, max: this.max };
  }

  static merge(snapshots: readonly HistogramSnapshot[]): HistogramSnapshot {
    const counts = new Array<number>(BUCKETS).fill(0);
    let count = 0;
    let sum = 0;
    let min = Infinity;
    let max = -Infinity;
    for (const s of snapshots) {
      s.counts.forEach((c, i) => (counts[i] = (counts[i] ?? 0) + c));
      count += s.count;
      sum += s.sum;
      min = Math.min(min, s.min);
      max = Math.max(max, s.max);
    }
    return { counts, count, sum, min, max };
  }
}

/** The value at quantile q (0-1): the middle of its bucket, clamped to the recorded min and max. */
export function percentile(snapshot: HistogramSnapshot, q: number): number {
  if (snapshot.count === 0) return NaN;
  if (q >= 1) return snapshot.max;
  const rank = Math.max(1, Math.ceil(q * snapshot.count));
  let seen = 0;
  for (let i = 0; i < snapshot.counts.length; i++) {
    seen += snapshot.counts[i] ?? 0;
    if (seen >= rank) {
      if (i === BUCKETS - 1) return snapshot.max; // the open-ended last bucket
      const middle = i === 0 ? MIN_MS / 2 : MIN_MS * GROWTH ** (i - 0.5);
      return Math.min(snapshot.max, Math.max(snapshot.min, middle));
    }
  }
  return snapshot.max;
}

import { describe, expect, it } from 'vitest';
import { LatencyHistogram, percentile } from './histogram.js';

describe('LatencyHistogram', () => {
  it('gives percentiles within 1 % of the exact values', () => {
    const histogram = new LatencyHistogram();
    const values = Array.from({ length: 10_000 }, (_, i) => (i + 1) / 100); // 0.01 … 100 ms
    for (const v of values) histogram.record(v);
    const snapshot = histogram.snapshot();
    for (const [q, exact] of [[0.5, 50], [0.99, 99], [0.999, 99.9]] as const) {
      expect(Math.abs(percentile(snapshot, q) - exact) / exact).toBeLessThan(0.01);
    }
    expect(snapshot.count).toBe(10_000);
    expect(snapshot.max).toBe(100);
  });

  it('merges snapshots from several workers', () => {
    const a = new LatencyHistogram();
    const b = new LatencyHistogram();
    for (let i = 0; i < 99; i++) a.record(1);
    b.record(500);
    const merged = LatencyHistogram.merge([a.snapshot(), b.snapshot()]);
    expect(merged.count).toBe(100);
    expect(percentile(merged, 0.5)).toBeCloseTo(1, 1);
    expect(percentile(merged, 1)).toBe(500);
  });

  it('keeps out-of-range values: zero and negatives in the first bucket, huge ones in the last', () => {
    const histogram = new LatencyHistogram();
    histogram.record(-0.3);
    histogram.record(0);
    histogram.record(1e9);
    const snapshot = histogram.snapshot();
    expect(snapshot.count).toBe(3);
    expect(percentile(snapshot, 0.1)).toBeLessThanOrEqual(0.01);
    expect(snapshot.min).toBe(-0.3);
    expect(percentile(snapshot, 1)).toBe(1e9);
  });

  it('has no percentile when empty', () => {
    expect(percentile(new LatencyHistogram().snapshot(), 0.5)).toBeNaN();
  });
});

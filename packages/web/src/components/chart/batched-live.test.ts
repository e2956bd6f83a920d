import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_BATCH_MS, useBatchedLive } from './batched-live';

type Live = { price: number; time: number } | undefined;

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('useBatchedLive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes the first price on at once and later ones at most once per interval, the last one only', () => {
    const { result, rerender } = renderHook(({ live }: { live: Live }) => useBatchedLive(live), { initialProps: { live: { price: 100, time: 1 } } });
    expect(result.current).toEqual({ price: 100, time: 1 });

    rerender({ live: { price: 101, time: 2 } });
    advance(100);
    rerender({ live: { price: 102, time: 3 } });
    advance(100);
    expect(result.current?.price).toBe(100);

    advance(LIVE_BATCH_MS - 200);
    expect(result.current).toEqual({ price: 102, time: 3 });
  });

  it('never holds a price back longer than the interval, however often prices arrive', () => {
    const { result, rerender } = renderHook(({ live }: { live: Live }) => useBatchedLive(live), { initialProps: { live: { price: 1, time: 1 } } });
    for (let tick = 2; tick <= 20; tick++) {
      rerender({ live: { price: tick, time: tick } });
      advance(100);
    }
    // 1.9 s of ticks every 100 ms: the shown price is never more than one interval behind.
    expect(result.current?.price).toBeGreaterThanOrEqual(20 - LIVE_BATCH_MS / 100);
    advance(LIVE_BATCH_MS);
    expect(result.current?.price).toBe(20);
  });

  it('passes a price on at once after a quiet interval, and an unchanged price renders nothing new', () => {
    const { result, rerender } = renderHook(({ live }: { live: Live }) => useBatchedLive(live), { initialProps: { live: { price: 5, time: 1 } } });
    advance(LIVE_BATCH_MS * 2);
    rerender({ live: { price: 6, time: 2 } });
    expect(result.current?.price).toBe(6);
    const shown = result.current;
    rerender({ live: { price: 6, time: 2 } });
    advance(LIVE_BATCH_MS);
    expect(result.current).toBe(shown);
  });
});

import { useEffect, useRef, useState } from 'react';

/**
 * The chart's live bar moves at most this often: each move redraws the whole canvas (a 50–120 ms
 * task on a phone's CPU), while the price beside it still changes on every tick and the bar catches
 * up within a second.
 */
export const LIVE_BATCH_MS = 1000;

/**
 * The latest live price, passed on at most once per `intervalMs`: the first one at once, later ones
 * when the interval since the last one passed on has run out (so never later than `intervalMs`), and
 * only the last of those that arrived in between. Prices tick several times a second; every update
 * of the chart's series redraws its canvas on the next frame, which on a phone's CPU was the largest
 * part of the quote page's main-thread time, while a bar moving twice a second looks just as live.
 */
export function useBatchedLive<T extends { price: number; time: number }>(live: T | undefined, intervalMs = LIVE_BATCH_MS): T | undefined {
  const [shown, setShown] = useState(live);
  const shownAtRef = useRef(Number.NEGATIVE_INFINITY);
  const latestRef = useRef(live);
  latestRef.current = live;
  const price = live?.price;
  const time = live?.time;
  useEffect(() => {
    const show = () => {
      shownAtRef.current = Date.now();
      setShown(latestRef.current);
    };
    const wait = shownAtRef.current + intervalMs - Date.now();
    if (wait <= 0) {
      show();
      return undefined;
    }
    // A price arriving before this fires clears it and sets the same deadline again, with itself as the latest.
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [price, time, intervalMs]);
  return shown;
}

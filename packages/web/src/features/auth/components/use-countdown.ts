import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a cooldown; `start` begins it, and it stops at zero by itself. */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, running: left > 0, start };
}

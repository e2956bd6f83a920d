import { useEffect, useRef, useState } from 'react';

export type Flash = 'up' | 'down' | null;

/** How long a changed price stays highlighted. */
export const FLASH_MS = 700;

/**
 * A brief green or red highlight when a live price moves: `up` or `down` right after a change,
 * null otherwise. The first value never flashes.
 */
export function usePriceFlash(price: number | undefined): Flash {
  const previous = useRef(price);
  const [flash, setFlash] = useState<Flash>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === undefined || price === undefined || before === price) return undefined;
    setFlash(price > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);

  return flash;
}

/** TWSE price increments for stocks: the tick grows with the price. */
export function twTickSize(price: number): number {
  if (price < 10) return 0.01;
  if (price < 50) return 0.05;
  if (price < 100) return 0.1;
  if (price < 500) return 0.5;
  if (price < 1000) return 1;
  return 5;
}

const fix = (value: number) => Math.round(value * 100) / 100;

/** Rounds to the TWSE grid: nearest tick by default, or down / up for a limit that must not be crossed. */
export function toTwTick(price: number, mode: 'nearest' | 'down' | 'up' = 'nearest'): number {
  const tick = twTickSize(price);
  const steps = price / tick;
  const rounded = mode === 'down' ? Math.floor(steps + 1e-9) : mode === 'up' ? Math.ceil(steps - 1e-9) : Math.round(steps);
  return fix(rounded * tick);
}

export function isOnTwTick(price: number): boolean {
  return Math.abs(toTwTick(price) - price) < 1e-9;
}

/** TWSE order sizes: an odd lot of 1–999 shares, or whole board lots of 1,000. */
export function isTwLotSize(quantity: number): boolean {
  return quantity > 0 && (quantity < 1000 || quantity % 1000 === 0);
}

import { describe, expect, it } from 'vitest';
import { isOnTwTick, isTwLotSize, toTwTick, twTickSize } from './taiwan-ticks.js';

describe('TWSE rules', () => {
  it('tick size grows with the price', () => {
    expect([9.99, 10, 49.95, 50, 99.9, 100, 499.5, 500, 999, 1000].map(twTickSize)).toEqual([0.01, 0.05, 0.05, 0.1, 0.1, 0.5, 0.5, 1, 1, 5]);
  });

  it('rounds to the grid, down or up for limits', () => {
    expect(toTwTick(1003)).toBe(1005);
    expect(toTwTick(1003, 'down')).toBe(1000);
    expect(toTwTick(47.33)).toBe(47.35);
    expect(toTwTick(47.33, 'down')).toBe(47.3);
    expect(isOnTwTick(1005)).toBe(true);
    expect(isOnTwTick(1001)).toBe(false);
    expect(isOnTwTick(47.35)).toBe(true);
  });

  it('orders are odd lots (1–999) or whole board lots', () => {
    expect([1, 999, 1000, 3000].every(isTwLotSize)).toBe(true);
    expect([0, 1500, 2001].some(isTwLotSize)).toBe(false);
  });
});

import type { StopsKey } from '../i18n/use-stops-translation';

/** Taiwan orders: odd lots of 1–999 shares, or board lots of 1,000 entered as a number of lots. */
export type TwLotMode = 'odd' | 'board';
export const TW_BOARD_LOT = 1000;

const WHOLE = /^\d{1,9}$/;
const PRICE = /^\d{1,10}(\.\d{1,8})?$/;

/** The shares a Taiwan quantity field stands for (NaN when it is not a whole number). */
export function twShares(mode: TwLotMode, text: string): number {
  const value = text.trim();
  if (!WHOLE.test(value)) return Number.NaN;
  return mode === 'board' ? Number(value) * TW_BOARD_LOT : Number(value);
}

/** The same rule as the server's (1–999 shares, or whole lots of 1,000), said in the terms of the chosen mode. */
export function checkTwQuantity(mode: TwLotMode, text: string): StopsKey | undefined {
  const value = text.trim();
  if (mode === 'board') return WHOLE.test(value) && Number(value) >= 1 ? undefined : 'entry.boardLotWhole';
  return WHOLE.test(value) && Number(value) >= 1 && Number(value) <= 999 ? undefined : 'entry.oddLotRange';
}

export interface LevelErrors {
  takeProfit?: { key: StopsKey; values?: Record<string, string> };
  stopLoss?: { key: StopsKey; values?: Record<string, string> };
}

/** A price on a tick grid (a futures contract's tick), to a millionth of a tick for binary fractions. */
export function onTick(price: number, tick: number | undefined): boolean {
  if (!tick) return true;
  const ticks = price / tick;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}

/**
 * The server's rules for take-profit and stop-loss at entry, checked on the device before the
 * confirm dialog: each optional, a price above 0 on the contract's tick, on its side of the
 * expected fill price (a long takes profit above it and stops below it, a short the other way).
 */
export function checkLevels(
  input: { takeProfit: string; stopLoss: string },
  direction: 0 | 1,
  reference: number | undefined,
  shown: (price: number) => string,
  tick?: number,
): LevelErrors {
  const errors: LevelErrors = {};
  const long = direction === 0;
  const level = (text: string, side: 'takeProfit' | 'stopLoss') => {
    const value = text.trim();
    if (value === '') return;
    if (!PRICE.test(value) || Number(value) <= 0) {
      errors[side] = { key: 'entry.levelInvalid' };
      return;
    }
    const price = Number(value);
    if (!onTick(price, tick)) {
      errors[side] = { key: 'entry.tickOff', values: { tick: String(tick) } };
      return;
    }
    if (reference === undefined) return;
    const above = side === 'takeProfit' ? long : !long;
    if (above ? price <= reference : price >= reference) {
      const key: StopsKey = side === 'takeProfit' ? (long ? 'entry.takeProfitAbove' : 'entry.takeProfitBelow') : long ? 'entry.stopLossBelow' : 'entry.stopLossAbove';
      errors[side] = { key, values: { price: shown(reference) } };
    }
  };
  level(input.takeProfit, 'takeProfit');
  level(input.stopLoss, 'stopLoss');
  return errors;
}

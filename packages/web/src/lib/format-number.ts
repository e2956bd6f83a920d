import { AssetSource } from '@tradewind/contract';
import { DEFAULT_PRECISION, FALL_COLOR, PERCENT_PRECISION, RISE_COLOR } from './constants';

type Numeric = number | string | null | undefined;

function toFiniteNumber(value: Numeric): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** Fixed decimals (SPEC §9: 4 by default); an unreadable value shows as a dash, never "NaN". */
export function formatNumber(value: Numeric, precision = DEFAULT_PRECISION): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  // -0.00001 rounded to 4 places would print "-0.0000"
  const fixed = n.toFixed(precision);
  return Number(fixed) === 0 ? (0).toFixed(precision) : fixed;
}

/** A value already in percent (1.5 means 1.5 %), 2 decimals (SPEC §9). */
export function formatPercent(value: Numeric, precision = PERCENT_PRECISION): string {
  const text = formatNumber(value, precision);
  return text === '--' ? text : `${text}%`;
}

/** SPEC §3: the fall flag is derived from a negative change. */
export function isFall(change: Numeric): boolean {
  const n = toFiniteNumber(change);
  return n !== undefined && n < 0;
}

export function changeColor(change: Numeric): string {
  return isFall(change) ? FALL_COLOR : RISE_COLOR;
}

/** SPEC §9: NT$ for Taiwan stocks, $ otherwise. */
export function currencySymbol(source: number | undefined): string {
  return source === AssetSource.TwStock ? 'NT$' : '$';
}

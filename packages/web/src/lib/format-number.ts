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

/** Which way a price moved: SPEC §9 green for a rise, red for a fall; no change stays grey. */
export type Trend = 'rise' | 'fall' | 'flat';

export function trendOf(change: Numeric): Trend {
  const n = toFiniteNumber(change);
  if (n === undefined || n === 0) return 'flat';
  return n < 0 ? 'fall' : 'rise';
}

const groupedFormats = new Map<number, Intl.NumberFormat>();

/**
 * A price with thousands separators and the instrument's precision (SPEC §9: 4 when not given):
 * 45123.5 at 2 → "45,123.50". A dash when unreadable.
 */
export function formatPrice(value: Numeric, precision = DEFAULT_PRECISION): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  const digits = Math.min(Math.max(Math.trunc(precision), 0), 10);
  let format = groupedFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    groupedFormats.set(digits, format);
  }
  const text = format.format(n);
  return /^-[0.,]+$/.test(text) ? text.slice(1) : text;
}

/** A change with its sign: "+1.25", "-0.40", "0.00". */
export function formatSigned(value: Numeric, precision = DEFAULT_PRECISION): string {
  const text = formatPrice(value, precision);
  // Only a value that is still above zero once rounded gets a plus.
  if (text === '--' || text.startsWith('-') || /^[0.,]+$/.test(text)) return text;
  return `+${text}`;
}

/** A percent change with its sign, 2 decimals (SPEC §9): "+1.25%", "-0.40%". */
export function formatSignedPercent(value: Numeric, precision = PERCENT_PRECISION): string {
  const text = formatSigned(value, precision);
  return text === '--' ? text : `${text}%`;
}

const compactUnits: readonly [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Large amounts the way trading apps print them: 3.2T, 45.6B, 812.3M, 12.4K; below 1000 as is. */
export function formatCompact(value: Numeric, decimals = 1): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  const abs = Math.abs(n);
  const roundsUp = 1 - 5 * 10 ** -(decimals + 4);
  for (const [size, unit] of compactUnits) {
    // A value just under a unit would print as 1000.0 of the smaller one (999.96B): it takes the larger.
    if (abs >= size * roundsUp) return `${(n / size).toFixed(decimals)}${unit}`;
  }
  return Number.isInteger(n) ? String(n) : n.toFixed(decimals);
}

/** The trend of a quote: its `fall` flag (SPEC §3) wins, otherwise the sign of the change. */
export function quoteTrend(quote: { change: number; fall: boolean }): Trend {
  return quote.fall ? 'fall' : trendOf(quote.change);
}

/** The sign shown before an amount of money in a wallet currency: SPEC §9 NT$ for Taiwan dollars, $ for USD. */
export function currencySign(currency: string): string {
  switch (currency) {
    case 'USD':
      return '$';
    case 'TWD':
      return 'NT$';
    case 'EUR':
      return '€';
    default:
      return `${currency} `;
  }
}

/**
 * An amount of money with its currency sign, grouped, 2 decimals: "$1,234.50", "-NT$2,000.00";
 * `signed` adds a plus to amounts above zero (profit, money in).
 */
export function formatMoney(value: Numeric, currency: string, { signed = false }: { signed?: boolean } = {}): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  const text = formatPrice(Math.abs(n), 2);
  const zero = /^[0.,]+$/.test(text);
  const sign = zero ? '' : n < 0 ? '-' : signed ? '+' : '';
  return `${sign}${currencySign(currency)}${text}`;
}

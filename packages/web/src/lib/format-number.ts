import { AssetSource, clampDigits, currencySign, moneyText, numberFormatFor, placeCurrencySign, roundsToZero } from '@tradewind/contract';
import { DEFAULT_PRECISION, FALL_COLOR, PERCENT_PRECISION, RISE_COLOR } from './constants';
import { intlLocale } from './format-locale';

/*
 * Every figure is written the way the app's language writes numbers (SPEC §9 precision, Intl for the
 * separators: 45,123.50 in English, 45.123,50 in German, 45,123.50 in Hindi with 12,34,567 grouping),
 * with Latin digits in every language. Inputs are never filled from these: they are for reading.
 */

type Numeric = number | string | null | undefined;

function toFiniteNumber(value: Numeric): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** One cached Intl.NumberFormat per language and options (the contract's cache), for the app's language. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return numberFormatFor(intlLocale(), options);
}


/** Fixed decimals (SPEC §9: 4 by default), no grouping; an unreadable value shows as a dash, never "NaN". */
export function formatNumber(value: Numeric, precision = DEFAULT_PRECISION): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  const digits = clampDigits(precision);
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(roundsToZero(n, digits) ? 0 : n);
}

/** Puts the percent sign where the language puts it: "1.23%" in English, "1,23 %" in German. */
function withPercentSign(text: string): string {
  const parts = numberFormat({ style: 'percent' }).formatToParts(0);
  const sign = parts.findIndex((part) => part.type === 'percentSign');
  const before = parts.slice(0, sign).filter((part) => part.type === 'literal').map((part) => part.value).join('');
  const after = parts.slice(sign + 1).filter((part) => part.type === 'literal').map((part) => part.value).join('');
  const signText = parts[sign]?.value ?? '%';
  return parts[0]?.type === 'percentSign' ? `${signText}${after}${text}` : `${text}${before}${signText}`;
}

/** A value already in percent (1.5 means 1.5 %), 2 decimals (SPEC §9). */
export function formatPercent(value: Numeric, precision = PERCENT_PRECISION): string {
  const text = formatNumber(value, precision);
  return text === '--' ? text : withPercentSign(text);
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

/**
 * A price with thousands separators and the instrument's precision (SPEC §9: 4 when not given):
 * 45123.5 at 2 → "45,123.50" (German "45.123,50"). A dash when unreadable.
 */
export function formatPrice(value: Numeric, precision = DEFAULT_PRECISION): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  const digits = clampDigits(precision);
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(roundsToZero(n, digits) ? 0 : n);
}

/** A change with its sign: "+1.25", "-0.40", "0.00". */
export function formatSigned(value: Numeric, precision = DEFAULT_PRECISION): string {
  const n = toFiniteNumber(value);
  const text = formatPrice(value, precision);
  // Only a value that is still above zero once rounded gets a plus.
  if (n === undefined || n <= 0 || roundsToZero(n, clampDigits(precision))) return text;
  return `+${text}`;
}

/** A percent change with its sign, 2 decimals (SPEC §9): "+1.25%", "-0.40%" (German "+1,25 %"). */
export function formatSignedPercent(value: Numeric, precision = PERCENT_PRECISION): string {
  const text = formatSigned(value, precision);
  return text === '--' ? text : withPercentSign(text);
}

/**
 * Large amounts short, in the language's own units: 3.2T, 45.6B, 812.3M, 12.4K in English,
 * 3,2 Bio. in German, 3.2兆 in Japanese, 45.6億 in Chinese (Intl compact notation, which also moves
 * 999.96B up to 1.0T); below 1000 as is.
 */
export function formatCompact(value: Numeric, decimals = 1): string {
  const n = toFiniteNumber(value);
  if (n === undefined) return '--';
  const digits = clampDigits(decimals);
  if (Math.abs(n) < 1000) {
    return Number.isInteger(n) ? numberFormat({ maximumFractionDigits: 0, useGrouping: false }).format(n) : formatNumber(n, digits);
  }
  return numberFormat({ notation: 'compact', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

/** The trend of a quote: its `fall` flag (SPEC §3) wins, otherwise the sign of the change. */
export function quoteTrend(quote: { change: number; fall: boolean }): Trend {
  return quote.fall ? 'fall' : trendOf(quote.change);
}

export { currencySign };

/** Puts a currency sign where the language puts one: "$278.76", German "278,76 $" (the contract's rule). */
export function withCurrencySign(text: string, sign: string): string {
  return placeCurrencySign(intlLocale(), text, sign);
}

/** A price with the sign of its instrument's currency (SPEC §9: NT$ for Taiwan stocks, $ otherwise). */
export function formatPriceWithSign(value: Numeric, precision: number, sign: string): string {
  return withCurrencySign(formatPrice(value, precision), sign);
}

/**
 * A quote's last price as its market quotes it: "$278.86", "NT$1,085.00", "440.25¢" for a future quoted
 * in cents (corn, per bushel), and no sign for index points and exchange rates (SPEC §9).
 */
export function formatQuotePrice(item: { price_nominal: Numeric; precision: number; source: number; quotedIn?: 'USD' | 'USc' }): string {
  if (item.quotedIn === 'USc') return `${formatPrice(item.price_nominal, item.precision)}¢`;
  const sign = item.source === AssetSource.Forex || item.source === AssetSource.GlobalIndex ? '' : currencySymbol(item.source);
  return formatPriceWithSign(item.price_nominal, item.precision, sign);
}

/** A large amount of money short, with its sign placed for the language: "$4.1T", "4,1 Bio. $". */
export function formatCompactMoney(value: Numeric, sign: string): string {
  return withCurrencySign(formatCompact(value), sign);
}

/**
 * An amount of money with its currency sign, grouped, 2 decimals: "$1,234.50", "-NT$2,000.00"
 * (German "1.234,50 $"); `signed` adds a plus to amounts above zero (profit, money in).
 */
export function formatMoney(value: Numeric, currency: string, { signed = false }: { signed?: boolean } = {}): string {
  const n = toFiniteNumber(value);
  return n === undefined ? '--' : moneyText(intlLocale(), n, currency, signed);
}

import { fromMinor, type Locale } from '@tradewind/contract';

/**
 * Figures inside texts the server stores for people to read later (inbox notices, bill memos):
 * kept typed in the stored parameters (migration 0024's JSONB) and written in the reader's language
 * when read, by the same rules as the web app's `lib/format-number.ts` (SPEC §9): Intl separators
 * with Latin digits, 2 decimals for money with SPEC's sign ($, NT$, €) placed where the language puts
 * a currency sign ("$1,983.60", German "1.983,60 $"), a price at its instrument's precision.
 * A parameter stored as a plain string or number (rows written before these types) is shown as it was.
 */
export type ShownValue =
  /** An amount of money in minor units of its currency; `signed` puts a plus before a gain. */
  | { kind: 'money'; minor: number; currency: string; signed?: boolean }
  /** A price (grouped) at the instrument's precision. */
  | { kind: 'price'; value: number; digits: number }
  /** A plain figure (a ratio, a percent figure), not grouped, at `digits` decimals. */
  | { kind: 'number'; value: number; digits: number };

export const shownMoney = (minor: number, currency: string, options: { signed?: boolean } = {}): ShownValue => ({
  kind: 'money',
  minor,
  currency,
  ...(options.signed && { signed: true }),
});
export const shownPrice = (value: number, digits: number): ShownValue => ({ kind: 'price', value, digits });
export const shownNumber = (value: number, digits: number): ShownValue => ({ kind: 'number', value, digits });

export function isShownValue(value: unknown): value is ShownValue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.kind === 'money') return typeof v.minor === 'number' && typeof v.currency === 'string';
  return (v.kind === 'price' || v.kind === 'number') && typeof v.value === 'number' && typeof v.digits === 'number';
}

/** The Intl tags of the web app (`format-locale.ts`): regional grouping, Latin digits everywhere. */
const intlTags: Record<Locale, string> = {
  en: 'en-US',
  de: 'de-DE',
  hi: 'hi-IN-u-nu-latn',
  ja: 'ja-JP',
  th: 'th-TH-u-nu-latn',
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
};

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlTags[locale], options);
    formats.set(key, format);
  }
  return format;
}

const clampDigits = (digits: number) => Math.min(Math.max(Math.trunc(digits), 0), 10);
const roundsToZero = (n: number, digits: number) => Number(Math.abs(n).toFixed(digits)) === 0;

/** SPEC §9's sign for a wallet currency: $ for USD, NT$ for Taiwan dollars (the web's `currencySign`). */
function currencySign(currency: string): string {
  switch (currency) {
    case 'USD':
      return '$';
    case 'TWD':
      return 'NT$';
    case 'EUR':
      return '€';
    default:
      return currency;
  }
}

function grouped(locale: Locale, value: number, digits: number): string {
  const d = clampDigits(digits);
  return numberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(roundsToZero(value, d) ? 0 : value);
}

/** Puts the sign where the language puts a currency sign, with the language's gap (the web's `withCurrencySign`). */
function withCurrencySign(locale: Locale, number: string, sign: string): string {
  const parts = numberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).formatToParts(1);
  const at = parts.findIndex((part) => part.type === 'currency');
  const firstNumber = parts.findIndex((part) => part.type === 'integer');
  const between = (i: number) => (at < firstNumber ? i > at && i < firstNumber : i < at && i > firstNumber);
  let gap = parts.filter((part, i) => part.type === 'literal' && between(i)).map((part) => part.value).join('');
  // A code rather than a symbol ("USDT") never touches the figures.
  if (gap === '' && /^[A-Z]+$/.test(sign)) gap = ' ';
  return at >= 0 && at > firstNumber ? `${number}${gap}${sign}` : `${sign}${gap}${number}`;
}

export function formatShownValue(locale: Locale, value: ShownValue): string {
  switch (value.kind) {
    case 'money': {
      const n = fromMinor(value.minor);
      const zero = roundsToZero(n, 2);
      const lead = zero ? '' : n < 0 ? '-' : value.signed ? '+' : '';
      return `${lead}${withCurrencySign(locale, grouped(locale, zero ? 0 : Math.abs(n), 2), currencySign(value.currency))}`;
    }
    case 'price':
      return grouped(locale, value.value, value.digits);
    case 'number': {
      const d = clampDigits(value.digits);
      return numberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false }).format(roundsToZero(value.value, d) ? 0 : value.value);
    }
  }
}

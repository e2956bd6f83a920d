import type { Locale } from '../locales.js';

/*
 * How figures are written for people, shared by the web app (every screen) and the server (texts it
 * stores for later reading: inbox notices, bill memos), so a German reader sees "1.983,60 $" in both.
 * SPEC §9: Intl's separators for the language, Latin digits in every language, SPEC's own currency
 * signs ($, NT$, €) placed where the language puts a currency sign.
 */

/**
 * The BCP 47 tag handed to Intl for each app locale. Region tags pick the grouping people expect
 * (hi-IN groups 12,34,567.50); Thai keeps the Gregorian calendar (`ca-gregory`) so a trade date reads
 * the same year as the exchange's, and every locale keeps Latin digits (`nu-latn`), as prices do.
 */
export const intlTags: Record<Locale, string> = {
  en: 'en-US',
  de: 'de-DE',
  hi: 'hi-IN-u-nu-latn',
  ja: 'ja-JP',
  th: 'th-TH-u-ca-gregory-nu-latn',
  'zh-CN': 'zh-CN',
  'zh-TW': 'zh-TW',
};

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One cached Intl.NumberFormat per Intl tag and options: building one costs far more than using it. */
export function numberFormatFor(intlTag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${intlTag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The sign shown with an amount of money in a wallet currency: SPEC §9 NT$ for Taiwan dollars, $ for USD. */
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
 * Puts a currency sign where the language puts one: "$278.76" in English, "278,76 $" in German
 * (Intl's placement for a currency, read once per language). The sign itself is always SPEC §9's
 * ($, NT$, €), never Intl's "US$" variants, so every language shows the same symbol for a wallet.
 * A leading minus or plus stays in front of everything: "-$3.20", "-3,20 $".
 */
export function placeCurrencySign(intlTag: string, text: string, sign: string): string {
  const symbol = sign.trim();
  if (symbol === '' || text === '--') return text;
  const signed = /^[-+]/.exec(text)?.[0] ?? '';
  const number = text.slice(signed.length);
  let placement = signPlacements.get(intlTag);
  if (!placement) {
    const parts = numberFormatFor(intlTag, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' }).formatToParts(1);
    const types = parts.map((part) => part.type);
    const at = types.indexOf('currency');
    const firstNumber = types.indexOf('integer');
    const between = parts.slice(Math.min(at, firstNumber) + 1, Math.max(at, firstNumber));
    placement = [at > firstNumber, between.filter((part) => part.type === 'literal').map((part) => part.value).join('')];
    signPlacements.set(intlTag, placement);
  }
  const [after, languageGap] = placement;
  // A code rather than a symbol ("USDT") never touches the figures.
  const gap = languageGap === '' && /^[A-Z]+$/.test(symbol) ? ' ' : languageGap;
  return after ? `${signed}${number}${gap}${symbol}` : `${signed}${symbol}${gap}${number}`;
}

/** Per Intl tag: whether the sign follows the figures, and what stands between them (read once: formatToParts costs ~3 µs). */
const signPlacements = new Map<string, [after: boolean, gap: string]>();

export const clampDigits = (digits: number) => Math.min(Math.max(Math.trunc(digits), 0), 10);

/** A rounded value that shows as zero prints without a sign: -0.00001 at 4 places is "0.0000", not "-0.0000". */
export const roundsToZero = (n: number, digits: number) => Number(Math.abs(n).toFixed(digits)) === 0;

const groupedFormats = new Map<string, Intl.NumberFormat[]>();

/** A figure grouped the language's way at exactly `digits` decimals: 45123.5 at 2 → "45,123.50" (German "45.123,50"). */
export function groupedFigure(intlTag: string, n: number, digits: number): string {
  const d = clampDigits(digits);
  // Every money and price figure passes here (order answers, memos): the format is found without building a key string.
  let byDigits = groupedFormats.get(intlTag);
  if (!byDigits) groupedFormats.set(intlTag, (byDigits = []));
  const format = (byDigits[d] ??= numberFormatFor(intlTag, { minimumFractionDigits: d, maximumFractionDigits: d }));
  return format.format(roundsToZero(n, d) ? 0 : n);
}

/**
 * An amount of money (major units) with its currency sign, grouped, 2 decimals: "$1,234.50",
 * "-NT$2,000.00" (German "1.234,50 $"); `signed` adds a plus to amounts above zero (profit, money in).
 */
export function moneyText(intlTag: string, n: number, currency: string, signed = false): string {
  const zero = roundsToZero(n, 2);
  const lead = zero ? '' : n < 0 ? '-' : signed ? '+' : '';
  return `${lead}${placeCurrencySign(intlTag, groupedFigure(intlTag, zero ? 0 : Math.abs(n), 2), currencySign(currency))}`;
}

import { clampDigits, fromMinor, groupedFigure, intlTags, moneyText, numberFormatFor, roundsToZero, type Locale } from '@tradewind/contract';

/**
 * Figures inside texts the server stores for people to read later (inbox notices, bill memos):
 * kept typed in the stored parameters (migration 0024's JSONB) and written in the reader's language
 * when read, by the contract's figure rules that the web app's `lib/format-number.ts` also uses (SPEC §9): Intl separators
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

export function formatShownValue(locale: Locale, value: ShownValue): string {
  switch (value.kind) {
    case 'money':
      return moneyText(intlTags[locale], fromMinor(value.minor), value.currency, value.signed);
    case 'price':
      return groupedFigure(intlTags[locale], value.value, value.digits);
    case 'number': {
      const d = clampDigits(value.digits);
      return numberFormatFor(intlTags[locale], { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false }).format(roundsToZero(value.value, d) ? 0 : value.value);
    }
  }
}

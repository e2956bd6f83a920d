import { describe, expect, it } from 'vitest';
import { locales } from '../locales.js';
import { fixedFormatFor, groupedFigure, intlTags, moneyText, numberFormatFor, placeCurrencySign } from './index.js';

const samples = [0, 1, -1, 0.5, 1.005, 0.125, -2.675, 45123.5, -1234567.891, 123456789.123456, 1e15];

describe('fixedFormatFor', () => {
  it.each(locales.map((locale) => [locale, intlTags[locale]] as const))('writes what a fresh Intl.NumberFormat writes (%s)', (_locale, tag) => {
    for (let digits = 0; digits <= 10; digits++) {
      const grouped = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
      for (const n of samples) {
        expect(fixedFormatFor(tag, digits, true).format(n)).toBe(grouped.format(n));
        expect(fixedFormatFor(tag, digits, false).format(n)).toBe(plain.format(n));
      }
    }
  });

  it('keeps one format per tag, digits and grouping, shared with numberFormatFor', () => {
    expect(fixedFormatFor('de-DE', 2, true)).toBe(fixedFormatFor('de-DE', 2, true));
    expect(fixedFormatFor('de-DE', 2, true)).toBe(numberFormatFor('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(fixedFormatFor('de-DE', 2, false)).not.toBe(fixedFormatFor('de-DE', 2, true));
    expect(fixedFormatFor('de-DE', 3, true)).not.toBe(fixedFormatFor('de-DE', 2, true));
    expect(fixedFormatFor('en-US', 2, true)).not.toBe(fixedFormatFor('de-DE', 2, true));
  });

  it.each([-1, 11, 1.5, Number.NaN])('refuses %s decimals with a clear error', (digits) => {
    expect(() => fixedFormatFor('en-US', digits, true)).toThrow(/digits must be a whole number from 0 to 10/);
  });
});

describe('placeCurrencySign and moneyText', () => {
  // German puts a no-break space between the figures and the sign.
  it('put the sign where each language puts it, read once per language', () => {
    expect(moneyText('en-US', 1234.5, 'USD')).toBe('$1,234.50');
    expect(moneyText('en-US', -2000, 'TWD')).toBe('-NT$2,000.00');
    expect(moneyText('de-DE', 1234.5, 'USD')).toBe('1.234,50\u00a0$');
    expect(moneyText('de-DE', 3.2, 'EUR', true)).toBe('+3,20\u00a0€');
    // Asked again after other languages: the same answers.
    expect(moneyText('en-US', 1234.5, 'USD')).toBe('$1,234.50');
    expect(placeCurrencySign('en-US', '12.00', 'USDT')).toBe('USDT 12.00');
    expect(placeCurrencySign('de-DE', '-3,20', '$')).toBe('-3,20\u00a0$');
    expect(groupedFigure('hi-IN-u-nu-latn', 1234567.891, 2)).toBe('12,34,567.89');
  });
});

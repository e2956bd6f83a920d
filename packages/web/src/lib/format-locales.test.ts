import { type Locale, locales } from '@tradewind/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DateFormat, formatDate } from './format-date';
import { setFormatLocale } from './format-locale';
import { formatCompact, formatMoney, formatNumber, formatPercent, formatPrice, formatSigned, formatSignedPercent } from './format-number';

/*
 * Numbers, money and dates in each of the seven languages (SPEC §9 precision and symbols, the
 * language's separators and date order). Intl's separators include no-break spaces (U+00A0, U+2009, U+202F):
 * `plain` turns them into ordinary spaces so the expectations stay readable.
 */
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

afterEach(() => setFormatLocale('en'));

// 5 January 2024, 13:04:09 local time: the expectations hold in any time zone.
const afternoon = new Date(2024, 0, 5, 13, 4, 9);

interface Expected {
  price: string;
  signed: string;
  percent: string;
  money: string;
  moneyTw: string;
  loss: string;
  compact: string;
  dateTime: string;
  date: string;
  time: string;
}

const expected: Record<Locale, Expected> = {
  en: { price: '45,123.50', signed: '+1.2346', percent: '+1.25%', money: '$1,234.50', moneyTw: 'NT$2,000.00', loss: '-$3.20', compact: '3.2T', dateTime: '01-05-2024 13:04:09', date: '01/05/2024', time: '13:04' },
  de: { price: '45.123,50', signed: '+1,2346', percent: '+1,25 %', money: '1.234,50 $', moneyTw: '2.000,00 NT$', loss: '-3,20 $', compact: '3,2 Bio.', dateTime: '05.01.2024, 13:04:09', date: '05.01.2024', time: '13:04' },
  hi: { price: '45,123.50', signed: '+1.2346', percent: '+1.25%', money: '$1,234.50', moneyTw: 'NT$2,000.00', loss: '-$3.20', compact: '32.1 ख॰', dateTime: '05/01/2024, 13:04:09', date: '05/01/2024', time: '13:04' },
  ja: { price: '45,123.50', signed: '+1.2346', percent: '+1.25%', money: '$1,234.50', moneyTw: 'NT$2,000.00', loss: '-$3.20', compact: '3.2兆', dateTime: '2024/01/05 13:04:09', date: '2024/01/05', time: '13:04' },
  th: { price: '45,123.50', signed: '+1.2346', percent: '+1.25%', money: '$1,234.50', moneyTw: 'NT$2,000.00', loss: '-$3.20', compact: '3.2T', dateTime: '05/01/2024 13:04:09', date: '05/01/2024', time: '13:04' },
  'zh-CN': { price: '45,123.50', signed: '+1.2346', percent: '+1.25%', money: '$1,234.50', moneyTw: 'NT$2,000.00', loss: '-$3.20', compact: '3.2万亿', dateTime: '2024/01/05 13:04:09', date: '2024/01/05', time: '13:04' },
  'zh-TW': { price: '45,123.50', signed: '+1.2346', percent: '+1.25%', money: '$1,234.50', moneyTw: 'NT$2,000.00', loss: '-$3.20', compact: '3.2兆', dateTime: '2024/01/05 13:04:09', date: '2024/01/05', time: '13:04' },
};

describe.each(locales)('formatting in %s', (locale) => {
  const want = expected[locale];

  it('writes prices with the instrument precision and the language separators', () => {
    setFormatLocale(locale);
    expect(plain(formatPrice(45123.5, 2))).toBe(want.price);
    expect(plain(formatSigned(1.23456))).toBe(want.signed);
    // Precision is the instrument's, whatever the language: 4 decimals stay 4, 0 stay 0.
    expect(plain(formatPrice(1.08321, 4)).replace(',', '.')).toBe('1.0832');
    expect(formatPrice(12, 0)).toBe('12');
    expect(formatPrice(null)).toBe('--');
  });

  it('writes percentages with 2 decimals and the language’s percent sign', () => {
    setFormatLocale(locale);
    expect(plain(formatSignedPercent(1.246))).toBe(want.percent);
    expect(plain(formatPercent(-0.5))).toBe(plain(want.percent).replace('+1', '-0').replace('25', '50'));
  });

  it('writes money with the SPEC §9 sign ($, NT$) where the language puts a currency', () => {
    setFormatLocale(locale);
    expect(plain(formatMoney(1234.5, 'USD'))).toBe(want.money);
    expect(plain(formatMoney(2000, 'TWD'))).toBe(want.moneyTw);
    expect(plain(formatMoney(-3.2, 'USD', { signed: true }))).toBe(want.loss);
    expect(plain(formatMoney(-0.001, 'USD', { signed: true }))).toBe(plain(formatMoney(0, 'USD')));
  });

  it('shortens large amounts in the language’s own units', () => {
    setFormatLocale(locale);
    expect(plain(formatCompact(3.21e12))).toBe(want.compact);
    expect(formatCompact(950)).toBe('950');
  });

  it('writes dates and times in the language’s order', () => {
    setFormatLocale(locale);
    expect(plain(formatDate(afternoon))).toBe(want.dateTime);
    expect(plain(formatDate(afternoon, DateFormat.date))).toBe(want.date);
    expect(plain(formatDate(afternoon, DateFormat.time))).toBe(want.time);
    // The meridiem form tells afternoon from morning in every language.
    expect(formatDate(afternoon, DateFormat.timeWithMeridiem)).not.toBe(formatDate(new Date(2024, 0, 5, 1, 4, 9), DateFormat.timeWithMeridiem));
  });

  it('uses Latin digits and the Gregorian year everywhere', () => {
    setFormatLocale(locale);
    expect(formatDate(afternoon, DateFormat.date)).toContain('2024');
    expect(formatNumber(1234.5, 1)).toMatch(/^1234[.,]5$/);
  });
});

describe('a currency sign placed for the language', () => {
  it('goes before the figures in English and after them in German, minus first', async () => {
    const { formatCompactMoney, formatPriceWithSign, withCurrencySign } = await import('./format-number');
    expect(formatPriceWithSign(278.76, 2, '$')).toBe('$278.76');
    expect(formatPriceWithSign(1050, 0, 'NT$')).toBe('NT$1,050');
    expect(formatCompactMoney(4.1e12, '$')).toBe('$4.1T');
    expect(withCurrencySign('12.00', 'USDT')).toBe('USDT 12.00');
    expect(withCurrencySign('-3.20', '$')).toBe('-$3.20');
    expect(withCurrencySign('1.5', '')).toBe('1.5');
    setFormatLocale('de');
    expect(plain(formatPriceWithSign(278.76, 2, '$'))).toBe('278,76 $');
    expect(plain(formatCompactMoney(4.1e12, '$'))).toBe('4,1 Bio. $');
    expect(plain(withCurrencySign('-3,20', '$'))).toBe('-3,20 $');
    setFormatLocale('ja');
    expect(formatPriceWithSign(278.76, 2, '$')).toBe('$278.76');
  });
});

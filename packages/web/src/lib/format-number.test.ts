import { AssetSource } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { FALL_COLOR, RISE_COLOR } from './constants';
import {
  formatQuotePrice,
  formatMoney,
  changeColor,
  currencySymbol,
  formatCompact,
  formatNumber,
  formatPercent,
  formatPrice,
  formatSigned,
  formatSignedPercent,
  isFall,
  trendOf,
} from './format-number';

describe('formatNumber', () => {
  it('uses 4 decimals by default', () => {
    expect(formatNumber(12.3)).toBe('12.3000');
    expect(formatNumber('187.123456')).toBe('187.1235');
  });

  it('takes an explicit precision', () => {
    // Rounded as the decimal it is written as (Intl), not as its binary double: 1.005 → 1.01.
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(10, 0)).toBe('10');
  });

  it('shows a dash for missing or unreadable values', () => {
    expect(formatNumber(undefined)).toBe('--');
    expect(formatNumber(null)).toBe('--');
    expect(formatNumber('abc')).toBe('--');
    expect(formatNumber(Number.NaN)).toBe('--');
  });

  it('never prints a negative zero', () => {
    expect(formatNumber(-0.00001)).toBe('0.0000');
  });
});

describe('formatPercent', () => {
  it('uses 2 decimals and a percent sign', () => {
    expect(formatPercent(1.234)).toBe('1.23%');
    expect(formatPercent(-0.5)).toBe('-0.50%');
    expect(formatPercent(undefined)).toBe('--');
  });
});

describe('rise and fall', () => {
  it('derives the fall flag from a negative change', () => {
    expect(isFall(-0.01)).toBe(true);
    expect(isFall('-3')).toBe(true);
    expect(isFall(0)).toBe(false);
    expect(isFall(2)).toBe(false);
  });

  it('colours a fall red and anything else green', () => {
    expect(changeColor(-1)).toBe(FALL_COLOR);
    expect(changeColor(1)).toBe(RISE_COLOR);
    expect(RISE_COLOR).toBe('#00AF46');
    expect(FALL_COLOR).toBe('#DF1525');
  });
});

describe('currencySymbol', () => {
  it('is NT$ for Taiwan stocks and $ otherwise', () => {
    expect(currencySymbol(AssetSource.TwStock)).toBe('NT$');
    expect(currencySymbol(AssetSource.Stock)).toBe('$');
    expect(currencySymbol(undefined)).toBe('$');
  });
});

describe('trendOf', () => {
  it('reads rise, fall and flat from the change', () => {
    expect(trendOf(1.2)).toBe('rise');
    expect(trendOf(-0.01)).toBe('fall');
    expect(trendOf(0)).toBe('flat');
    expect(trendOf(undefined)).toBe('flat');
  });
});

describe('formatPrice and signed changes', () => {
  it('groups thousands and keeps the precision', () => {
    expect(formatPrice(45123.5, 2)).toBe('45,123.50');
    expect(formatPrice(1.08321, 4)).toBe('1.0832');
    expect(formatPrice(12)).toBe('12.0000');
    expect(formatPrice(-0.0001, 2)).toBe('0.00');
    expect(formatPrice(null)).toBe('--');
  });

  it('signs a change, leaving zero unsigned', () => {
    expect(formatSigned(1.234, 2)).toBe('+1.23');
    expect(formatSigned(-1.234, 2)).toBe('-1.23');
    expect(formatSigned(0.001, 2)).toBe('0.00');
    expect(formatSignedPercent(0.666)).toBe('+0.67%');
    expect(formatSignedPercent(-12)).toBe('-12.00%');
    expect(formatSignedPercent(undefined)).toBe('--');
  });
});

describe('formatCompact', () => {
  it('prints trillions, billions, millions and thousands', () => {
    expect(formatCompact(3.21e12)).toBe('3.2T');
    expect(formatCompact(45.6e9)).toBe('45.6B');
    expect(formatCompact(812_340_000)).toBe('812.3M');
    expect(formatCompact(12_400)).toBe('12.4K');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(null)).toBe('--');
  });

  it('moves a value that would round to 1000 into the next unit', () => {
    expect(formatCompact(999_960_000_000)).toBe('1.0T');
    expect(formatCompact(999_940_000_000)).toBe('999.9B');
  });
});

describe('formatMoney', () => {
  it('puts the wallet currency sign before a grouped 2-decimal amount', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-2000, 'TWD')).toBe('-NT$2,000.00');
    expect(formatMoney(12, 'EUR')).toBe('€12.00');
    expect(formatMoney(null, 'USD')).toBe('--');
  });

  it('adds a plus to gains when asked, never to zero', () => {
    expect(formatMoney(3.2, 'USD', { signed: true })).toBe('+$3.20');
    expect(formatMoney(-3.2, 'USD', { signed: true })).toBe('-$3.20');
    expect(formatMoney(-0.001, 'USD', { signed: true })).toBe('$0.00');
  });
});

describe('formatQuotePrice', () => {
  it('shows a future quoted in cents with ¢, not $, and other quotes with their usual sign', () => {
    expect(formatQuotePrice({ price_nominal: 440.25, precision: 2, source: AssetSource.Future, quotedIn: 'USc' })).toBe('440.25¢');
    expect(formatQuotePrice({ price_nominal: 4232.9, precision: 2, source: AssetSource.Future, quotedIn: 'USD' })).toBe('$4,232.90');
    expect(formatQuotePrice({ price_nominal: 1085, precision: 2, source: AssetSource.TwStock })).toBe('NT$1,085.00');
    expect(formatQuotePrice({ price_nominal: 1.08345, precision: 5, source: AssetSource.Forex })).toBe('1.08345');
  });
});

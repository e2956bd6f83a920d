import { AssetSource } from '@tradewind/contract';
import { describe, expect, it } from 'vitest';
import { FALL_COLOR, RISE_COLOR } from './constants';
import { changeColor, currencySymbol, formatNumber, formatPercent, isFall } from './format-number';

describe('formatNumber', () => {
  it('uses 4 decimals by default', () => {
    expect(formatNumber(12.3)).toBe('12.3000');
    expect(formatNumber('187.123456')).toBe('187.1235');
  });

  it('takes an explicit precision', () => {
    expect(formatNumber(1.005, 2)).toBe('1.00');
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

import { describe, expect, it } from 'vitest';
import { checkAmount, cleanAmountInput } from './amount';

describe('checkAmount (SPEC §5: above 0, at most 2 decimals; deposits at least 1)', () => {
  it('accepts whole amounts and up to two decimals', () => {
    for (const good of ['1', '1.5', '1.05', '250', '0.01', ' 12.30 ']) expect(checkAmount(good)).toBeUndefined();
  });

  it('asks for an amount when there is none', () => {
    expect(checkAmount('')).toBe('amountRequired');
    expect(checkAmount('   ')).toBe('amountRequired');
  });

  it('refuses zero, negatives and text', () => {
    for (const bad of ['0', '0.00', '-5', 'abc', '1e3', '.', '1.2.3']) expect(checkAmount(bad)).toBe('amountInvalid');
  });

  it('refuses more than two decimals', () => {
    expect(checkAmount('12.345')).toBe('amountDecimals');
    expect(checkAmount('0.001')).toBe('amountDecimals');
  });

  it('holds a deposit to the minimum of 1', () => {
    expect(checkAmount('0.99', { min: 1 })).toBe('amountMinimum');
    expect(checkAmount('1', { min: 1 })).toBeUndefined();
  });

  it('holds a withdrawal to what is available, once that is known', () => {
    expect(checkAmount('100.01', { max: 100 })).toBe('amountExceeds');
    expect(checkAmount('100', { max: 100 })).toBeUndefined();
    expect(checkAmount('100', { max: 0 })).toBeUndefined();
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and one dot, reading a decimal comma as the dot', () => {
    expect(cleanAmountInput('1,5')).toBe('1.5');
    expect(cleanAmountInput('$1 000.50')).toBe('1000.50');
    expect(cleanAmountInput('1.2.3')).toBe('1.23');
  });
});

import { describe, expect, it } from 'vitest';
import {
  validateCode,
  validateConfirmation,
  validateEmail,
  validateAmount,
  validateInviteCode,
  validatePassword,
  validatePrice,
  validateQuantity,
  validateRequired,
} from './validation';

describe('validation (SPEC §5)', () => {
  it('e-mail: text, an @, text', () => {
    expect(validateEmail('')).toBe('validation.emailRequired');
    expect(validateEmail('   ')).toBe('validation.emailRequired');
    expect(validateEmail('a@b')).toBeUndefined();
    expect(validateEmail(' ada@example.com ')).toBeUndefined();
    expect(validateEmail('ada.example.com')).toBe('validation.emailInvalid');
    expect(validateEmail('@example.com')).toBe('validation.emailInvalid');
    expect(validateEmail('ada@')).toBe('validation.emailInvalid');
    expect(validateEmail('a da@example.com')).toBe('validation.emailInvalid');
  });

  it('password: 6 to 20 characters', () => {
    const check = validatePassword();
    expect(check('')).toBe('validation.passwordRequired');
    expect(check('12345')).toBe('validation.passwordLength');
    expect(check('123456')).toBeUndefined();
    expect(check('x'.repeat(20))).toBeUndefined();
    expect(check('x'.repeat(21))).toBe('validation.passwordLength');
    expect(validatePassword('validation.newPasswordRequired')('')).toBe('validation.newPasswordRequired');
  });

  it('verification code: 6 digits', () => {
    expect(validateCode('')).toBe('validation.codeRequired');
    expect(validateCode('12345')).toBe('validation.codeInvalid');
    expect(validateCode('12345a')).toBe('validation.codeInvalid');
    expect(validateCode('123456')).toBeUndefined();
    expect(validateCode('1234567')).toBe('validation.codeInvalid');
  });

  it('invite code: optional, at most 6 letters or digits', () => {
    expect(validateInviteCode('')).toBeUndefined();
    expect(validateInviteCode('AB12CD')).toBeUndefined();
    expect(validateInviteCode('AB12CDE')).toBe('validation.inviteCodeInvalid');
    expect(validateInviteCode('AB-1')).toBe('validation.inviteCodeInvalid');
  });

  it('the two passwords must match', () => {
    expect(validateConfirmation('secret1')('')).toBe('validation.confirmRequired');
    expect(validateConfirmation('secret1')('secret2')).toBe('validation.passwordMismatch');
    expect(validateConfirmation('secret1')('secret1')).toBeUndefined();
  });

  it('required only checks presence', () => {
    expect(validateRequired('validation.payPasswordRequired')('')).toBe('validation.payPasswordRequired');
    expect(validateRequired('validation.payPasswordRequired')('x')).toBeUndefined();
  });

  it('amount: above 0 with at most 2 decimals ("a correct amount")', () => {
    for (const bad of ['', ' ', '0', '0.00', '-1', '1.234', 'abc', '1e3', '1,000', '.5', '12345678901234']) {
      expect(validateAmount(bad)).toBe('validation.amountInvalid');
    }
    for (const good of ['1', '0.01', ' 25.5 ', '100.00', '1000000']) expect(validateAmount(good)).toBeUndefined();
  });

  it('quantity: required, a whole number', () => {
    expect(validateQuantity('')).toBe('validation.quantityRequired');
    expect(validateQuantity('0')).toBe('validation.quantityRequired');
    expect(validateQuantity('1.5')).toBe('validation.quantityWhole');
    expect(validateQuantity('-3')).toBe('validation.quantityWhole');
    expect(validateQuantity('10')).toBeUndefined();
  });

  it('limit price: required, above 0', () => {
    expect(validatePrice('')).toBe('validation.priceRequired');
    expect(validatePrice('0')).toBe('validation.priceInvalid');
    expect(validatePrice('x')).toBe('validation.priceInvalid');
    expect(validatePrice('189.3250')).toBeUndefined();
  });
});

import { EMAIL_CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN, PHONE_PATTERN, PHONE_TEXT_MAX } from '@tradewind/contract';
import type { TranslationResource } from '../../i18n/locales/en';

/** A validator answers with the translation key of its message, or undefined when the value is fine. */
export type ValidationKey = `validation.${keyof TranslationResource['validation']}`;
export type Validator = (value: string) => ValidationKey | undefined;

// SPEC §5: text, then an @, then text.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
const CODE_PATTERN = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);
const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{1,6}$/;

export const validateEmail: Validator = (value) => {
  const email = value.trim();
  if (!email) return 'validation.emailRequired';
  return EMAIL_PATTERN.test(email) ? undefined : 'validation.emailInvalid';
};

export function validatePassword(requiredKey: ValidationKey = 'validation.passwordRequired'): Validator {
  return (value) => {
    if (!value) return requiredKey;
    return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? 'validation.passwordLength' : undefined;
  };
}

/** Login only checks presence: an account's old password may predate today's rules. */
export function validateRequired(requiredKey: ValidationKey): Validator {
  return (value) => (value ? undefined : requiredKey);
}

export const validateCode: Validator = (value) => {
  const code = value.trim();
  if (!code) return 'validation.codeRequired';
  return CODE_PATTERN.test(code) ? undefined : 'validation.codeInvalid';
};

export const validateInviteCode: Validator = (value) => {
  const code = value.trim();
  if (!code) return undefined;
  return INVITE_CODE_PATTERN.test(code) ? undefined : 'validation.inviteCodeInvalid';
};

export function validateConfirmation(original: string): Validator {
  return (value) => {
    if (!value) return 'validation.confirmRequired';
    return value === original ? undefined : 'validation.passwordMismatch';
  };
}

// SPEC §5: an amount is above 0 with at most 2 decimals (and no more digits than the ledger takes).
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const WHOLE_PATTERN = /^\d{1,9}$/;
const PRICE_PATTERN = /^\d{1,10}(\.\d{1,8})?$/;

/** SPEC §5 "a correct amount": above 0, at most 2 decimals. */
export const validateAmount: Validator = (value) => {
  const text = value.trim();
  return AMOUNT_PATTERN.test(text) && Number(text) > 0 ? undefined : 'validation.amountInvalid';
};

/** SPEC §5 "a quantity": required, a whole number above 0 (the minimum and step are the server's to check). */
export const validateQuantity: Validator = (value) => {
  const text = value.trim();
  if (!text || Number(text) === 0) return 'validation.quantityRequired';
  return WHOLE_PATTERN.test(text) ? undefined : 'validation.quantityWhole';
};

/** A limit price: required, a number above 0. */
export const validatePrice: Validator = (value) => {
  const text = value.trim();
  if (!text) return 'validation.priceRequired';
  return PRICE_PATTERN.test(text) && Number(text) > 0 ? undefined : 'validation.priceInvalid';
};

/** Runs each field's validator; the result maps field names to message keys, empty when all pass. */
export function validateFields<F extends string>(
  values: Record<F, string>,
  validators: Partial<Record<F, Validator>>,
): Partial<Record<F, ValidationKey>> {
  const errors: Partial<Record<F, ValidationKey>> = {};
  for (const field of Object.keys(validators) as F[]) {
    const error = validators[field]?.(values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The profile's phone: empty (removes it) or a number with its country code, as the server checks it. */
export const validatePhone: Validator = (value) => {
  const phone = value.trim();
  if (!phone) return undefined;
  return phone.length <= PHONE_TEXT_MAX && PHONE_PATTERN.test(phone) ? undefined : 'validation.phoneInvalid';
};

import { EMAIL_CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '@tradewind/contract';
import type { TranslationResource } from '../i18n/locales/en';

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

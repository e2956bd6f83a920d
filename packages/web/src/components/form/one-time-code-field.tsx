import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

const SIX_DIGITS = /^\d{6}$/;
const RECOVERY_CODE = /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/;

/** Whether a trimmed value is a well-formed code: six digits from the app, or a recovery code (abcde-fghij). */
export const isOneTimeCode = (value: string, recovery = false) => (recovery ? RECOVERY_CODE : SIX_DIGITS).test(value);

export interface OneTimeCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** A recovery code instead of the app's six digits. */
  recovery?: boolean;
  /** Show the "invalid code" message for the kind of code asked for. */
  invalid?: boolean;
  autoFocus?: boolean;
}

/**
 * The two-factor code input of sign-in and of Settings › Security: six digits (numeric keyboard) or a
 * recovery code, with `autocomplete="one-time-code"` so the phone can offer the code.
 */
export function OneTimeCodeField({ value, onChange, recovery = false, invalid = false, autoFocus }: OneTimeCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
      name={recovery ? 'recoveryCode' : 'totpCode'}
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      maxLength={recovery ? 11 : 6}
      placeholder={recovery ? 'abcde-fghij' : t('twoFactor.codePlaceholder')}
      value={value}
      autoFocus={autoFocus}
      onChange={onChange}
      error={invalid ? t(recovery ? 'twoFactor.recoveryInvalid' : 'twoFactor.codeInvalid') : undefined}
    />
  );
}

/** The link switching between the app's code and a recovery code; `onToggle` flips it and clears the code. */
export function OneTimeCodeToggle({ recovery, onToggle, className }: { recovery: boolean; onToggle: () => void; className: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} onClick={onToggle}>
      {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
    </button>
  );
}

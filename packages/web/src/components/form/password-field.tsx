import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeClosedIcon, EyeOpenIcon } from '../icons/icons';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'suffix' | 'inputMode'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input whose text can be revealed, so a typo on a phone keyboard can be spotted. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="field-icon-button"
          aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOpenIcon /> : <EyeClosedIcon />}
        </button>
      }
    />
  );
}

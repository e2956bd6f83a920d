import { EmailCodePurpose } from '@tradewind/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';
import { validateCode, validateConfirmation, validateEmail, validatePassword } from '../../../components/form/validation';
import { useResetPassword } from '../api/reset-password';
import { AuthHero } from '../components/auth-hero';
import { SendCodeButton } from '../components/send-code-button';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const reset = useResetPassword();
  const form = useForm({ email: '', code: '', password: '', confirmPassword: '' });
  const { values, errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate({
      email: validateEmail,
      code: validateCode,
      password: validatePassword('validation.newPasswordRequired'),
      confirmPassword: validateConfirmation(values.password),
    });
    if (!valid) return;
    reset.mutate(
      { email: values.email.trim(), code: values.code.trim(), password: values.password },
      {
        onSuccess: () => {
          showSuccessToast(t('auth.resetDone'));
          navigate(paths.login, { replace: true });
        },
      },
    );
  };

  return (
    <div className="form-page">
      <AuthHero title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} />
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('fields.emailPlaceholder')}
          value={values.email}
          onChange={(value) => form.setValue('email', value)}
          error={errors.email && t(errors.email)}
        />
        <TextField
          label={t('fields.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('fields.codePlaceholder')}
          value={values.code}
          onChange={(value) => form.setValue('code', value)}
          error={errors.code && t(errors.code)}
          suffix={
            <SendCodeButton
              email={values.email}
              purpose={EmailCodePurpose.Reset}
              validateEmail={() => form.validateField('email', validateEmail)}
            />
          }
        />
        <PasswordField
          label={t('fields.newPassword')}
          name="password"
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
          value={values.password}
          onChange={(value) => form.setValue('password', value)}
          error={errors.password && t(errors.password)}
        />
        <PasswordField
          label={t('fields.confirmNewPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          placeholder={t('fields.confirmPasswordPlaceholder')}
          value={values.confirmPassword}
          onChange={(value) => form.setValue('confirmPassword', value)}
          error={errors.confirmPassword && t(errors.confirmPassword)}
        />
        <SubmitButton loading={reset.isPending}>{t('auth.resetSubmit')}</SubmitButton>
      </form>
    </div>
  );
}

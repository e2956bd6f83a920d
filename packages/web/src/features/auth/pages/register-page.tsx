import { EmailCodePurpose } from '@tradewind/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { PasswordField } from '../../../components/form/password-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';
import {
  validateCode,
  validateConfirmation,
  validateEmail,
  validateInviteCode,
  validatePassword,
} from '../../../components/form/validation';
import { useRegister } from '../api/register';
import { AuthHero } from '../components/auth-hero';
import { SendCodeButton } from '../components/send-code-button';

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  // A referral link carries the inviter's code (SPEC §2: parameters come in the query string).
  const [searchParams] = useSearchParams();
  const register = useRegister();
  const form = useForm({
    email: '',
    code: '',
    password: '',
    confirmPassword: '',
    inviteCode: searchParams.get('inviteCode') ?? '',
  });
  const { values, errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate({
      email: validateEmail,
      code: validateCode,
      password: validatePassword(),
      confirmPassword: validateConfirmation(values.password),
      inviteCode: validateInviteCode,
    });
    if (!valid) return;
    const inviteCode = values.inviteCode.trim();
    register.mutate(
      {
        email: values.email.trim(),
        code: values.code.trim(),
        password: values.password,
        ...(inviteCode ? { inviteCode } : {}),
      },
      {
        onSuccess: () => {
          showSuccessToast(t('auth.registerDone'));
          navigate(paths.account, { replace: true });
        },
      },
    );
  };

  return (
    <div className="form-page">
      <AuthHero title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
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
              purpose={EmailCodePurpose.Register}
              validateEmail={() => form.validateField('email', validateEmail)}
            />
          }
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
          value={values.password}
          onChange={(value) => form.setValue('password', value)}
          error={errors.password && t(errors.password)}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          placeholder={t('fields.confirmPasswordPlaceholder')}
          value={values.confirmPassword}
          onChange={(value) => form.setValue('confirmPassword', value)}
          error={errors.confirmPassword && t(errors.confirmPassword)}
        />
        <TextField
          label={t('fields.inviteCode')}
          name="inviteCode"
          autoComplete="off"
          maxLength={6}
          placeholder={t('fields.inviteCodePlaceholder')}
          value={values.inviteCode}
          onChange={(value) => form.setValue('inviteCode', value)}
          error={errors.inviteCode && t(errors.inviteCode)}
        />
        <SubmitButton loading={register.isPending}>{t('auth.register')}</SubmitButton>
      </form>
      <div className="form-links form-links-centered">
        <span>
          {t('auth.haveAccount')} <Link to={paths.login}>{t('auth.loginLink')}</Link>
        </span>
      </div>
    </div>
  );
}

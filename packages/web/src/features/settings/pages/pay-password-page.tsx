import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { PasswordField } from '../../../components/form/password-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useForm } from '../../../components/form/use-form';
import { useGoBack } from '../../../lib/navigation';
import { useUserInfo } from '../../../api/session/get-user-info';
import { showSuccessToast } from '../../../lib/toast';
import { validateConfirmation, validatePassword, validateRequired } from '../../../components/form/validation';
import { useSettingPayPassword } from '../api/setting-pay-password';
import { useUpdatePayPassword } from '../api/update-pay-password';

/** Sets the first transaction password, or changes it with the old one once it exists (SPEC §7). */
export function PayPasswordPage() {
  const userInfo = useUserInfo();
  // Which form to show depends on the server's answer; the stored copy shown meanwhile may be stale.
  if (userInfo.isError) return <LoadError onRetry={() => void userInfo.refetch()} />;
  if (!userInfo.data || userInfo.isPlaceholderData) return <DelayedLoading />;
  return <PayPasswordForm hasPayPassword={userInfo.data.payPasswordSet} />;
}

function PayPasswordForm({ hasPayPassword }: { hasPayPassword: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const settingPayPassword = useSettingPayPassword();
  const updatePayPassword = useUpdatePayPassword();
  const form = useForm({ oldPayPassword: '', payPassword: '', confirmPayPassword: '' });
  const { values, errors } = form;
  const pending = settingPayPassword.isPending || updatePayPassword.isPending;

  const onSuccess = () => {
    showSuccessToast(t('settings.payPasswordSaved'));
    goBack();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate({
      ...(hasPayPassword ? { oldPayPassword: validateRequired('validation.payPasswordRequired') } : {}),
      payPassword: validatePassword('validation.payPasswordRequired'),
      confirmPayPassword: validateConfirmation(values.payPassword),
    });
    if (!valid) return;
    if (hasPayPassword) {
      updatePayPassword.mutate({ oldPayPassword: values.oldPayPassword, payPassword: values.payPassword }, { onSuccess });
    } else {
      settingPayPassword.mutate({ payPassword: values.payPassword }, { onSuccess });
    }
  };

  return (
    <div className="form-page">
      <h2 className="form-title">{hasPayPassword ? t('settings.changePayPassword') : t('settings.setPayPassword')}</h2>
      <p className="form-hint form-hint-top">{t('settings.payPasswordHint')}</p>
      <form className="form-card" onSubmit={onSubmit} noValidate>
        {hasPayPassword ? (
          <PasswordField
            label={t('fields.currentPayPassword')}
            name="oldPayPassword"
            autoComplete="current-password"
            value={values.oldPayPassword}
            onChange={(value) => form.setValue('oldPayPassword', value)}
            error={errors.oldPayPassword && t(errors.oldPayPassword)}
          />
        ) : null}
        <PasswordField
          label={t('fields.newPayPassword')}
          name="payPassword"
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
          value={values.payPassword}
          onChange={(value) => form.setValue('payPassword', value)}
          error={errors.payPassword && t(errors.payPassword)}
        />
        <PasswordField
          label={t('fields.confirmPayPassword')}
          name="confirmPayPassword"
          autoComplete="new-password"
          placeholder={t('fields.confirmPasswordPlaceholder')}
          value={values.confirmPayPassword}
          onChange={(value) => form.setValue('confirmPayPassword', value)}
          error={errors.confirmPayPassword && t(errors.confirmPayPassword)}
        />
        <SubmitButton loading={pending}>{t('settings.save')}</SubmitButton>
      </form>
    </div>
  );
}

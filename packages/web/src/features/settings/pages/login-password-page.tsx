import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/password-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useForm } from '../../../components/form/use-form';
import { useGoBack } from '../../../lib/navigation';
import { showSuccessToast } from '../../../lib/toast';
import { validateConfirmation, validatePassword, validateRequired } from '../../../components/form/validation';
import { useUpdatePassword } from '../api/update-password';

export function LoginPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const updatePassword = useUpdatePassword();
  const form = useForm({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const { values, errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate({
      oldPassword: validateRequired('validation.passwordRequired'),
      newPassword: validatePassword('validation.newPasswordRequired'),
      confirmPassword: validateConfirmation(values.newPassword),
    });
    if (!valid) return;
    updatePassword.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          showSuccessToast(t('settings.passwordChanged'));
          goBack();
        },
      },
    );
  };

  return (
    <div className="form-page">
      <p className="form-hint form-hint-top">{t('settings.loginPasswordHint')}</p>
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('fields.currentPassword')}
          name="oldPassword"
          autoComplete="current-password"
          placeholder={t('fields.currentPasswordPlaceholder')}
          value={values.oldPassword}
          onChange={(value) => form.setValue('oldPassword', value)}
          error={errors.oldPassword && t(errors.oldPassword)}
        />
        <PasswordField
          label={t('fields.newPassword')}
          name="newPassword"
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
          value={values.newPassword}
          onChange={(value) => form.setValue('newPassword', value)}
          error={errors.newPassword && t(errors.newPassword)}
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
        <SubmitButton loading={updatePassword.isPending}>{t('settings.save')}</SubmitButton>
      </form>
    </div>
  );
}

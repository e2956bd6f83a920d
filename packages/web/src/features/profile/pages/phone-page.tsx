import { PHONE_TEXT_MAX } from '@tradewind/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoading } from '../../../components/delayed-loading';
import { LoadError } from '../../../components/load-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { useGoBack } from '../../../lib/navigation';
import { useUserInfo } from '../../../api/session/get-user-info';
import { showSuccessToast } from '../../../lib/toast';
import { validatePhone } from '../../../components/form/validation';
import { useUpdatePhone } from '../api/update-phone';

/** Account › Phone: the profile's number with its country code; customer service opens with it (SPEC §2). */
export function PhonePage() {
  const userInfo = useUserInfo();
  if (userInfo.isError) return <LoadError onRetry={() => void userInfo.refetch()} />;
  if (!userInfo.data || userInfo.isPlaceholderData) return <DelayedLoading />;
  return <PhoneForm phone={userInfo.data.phone} />;
}

function PhoneForm({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const updatePhone = useUpdatePhone();
  const form = useForm({ phone });
  const { values, errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate({ phone: validatePhone })) return;
    updatePhone.mutate(
      { phone: values.phone.trim() },
      {
        onSuccess: () => {
          showSuccessToast(t('account.phoneSaved'));
          goBack();
        },
      },
    );
  };

  return (
    <div className="form-page">
      <h2 className="form-title">{t('pages.phone')}</h2>
      <p className="form-hint form-hint-top">{t('account.phoneHint')}</p>
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('fields.phonePlaceholder')}
          maxLength={PHONE_TEXT_MAX}
          value={values.phone}
          onChange={(value) => form.setValue('phone', value)}
          error={errors.phone && t(errors.phone)}
        />
        <SubmitButton loading={updatePhone.isPending}>{t('settings.save')}</SubmitButton>
      </form>
    </div>
  );
}

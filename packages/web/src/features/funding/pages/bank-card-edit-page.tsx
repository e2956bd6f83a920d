import '../funding.css';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from '../../../lib/router/router';
import { SubmitButton } from '../../../components/form/submit-button';
import { useGoBack } from '../../../lib/navigation';
import { showSuccessToast } from '../../../lib/toast';
import { useAddPaymentMethod } from '../api/add-payment-method';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { BankFields } from '../components/bank-fields';
import { PageState } from '../components/page-state';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type BankFields as Values, type MethodProblem, checkBankFields } from '../utils/payment-method';
import { idParam } from '../utils/routes';

function BankCardForm({ id, initial, maskedNumber }: { id: number | null; initial: Values; maskedNumber: string | null }) {
  const { t } = useFundingTranslation();
  const goBack = useGoBack();
  const add = useAddPaymentMethod();
  const update = useUpdatePaymentMethod();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, MethodProblem>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkBankFields(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = { kind: 'bank' as const, bankName: values.bankName.trim(), accountName: values.accountName.trim(), cardNumber: values.cardNumber.trim() };
    const onSuccess = () => {
      showSuccessToast(t('methods.cardSaved'));
      goBack();
    };
    if (id === null) add.mutate(body, { onSuccess });
    else update.mutate({ id, body }, { onSuccess });
  };

  return (
    <form className="form-page form-card" onSubmit={onSubmit} noValidate>
      <h2 className="form-title">{id === null ? t('methods.addCard') : t('methods.editCard')}</h2>
      <BankFields
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        cardNumberHint={maskedNumber ? t('methods.cardNumberAgain', { number: maskedNumber }) : undefined}
      />
      <p className="fd-note">{t('methods.cardNameHint')}</p>
      <SubmitButton loading={add.isPending || update.isPending}>{t('methods.save')}</SubmitButton>
    </form>
  );
}

/** SPEC §2 `/pages/bcard/modify`: add a bank card, or (`?id=`) change a saved one. */
export function BankCardEditPage() {
  const { t } = useFundingTranslation();
  const [search] = useSearchParams();
  const id = idParam(search);
  const methods = usePaymentMethods();
  if (id === null) return <BankCardForm id={null} initial={{ bankName: '', accountName: '', cardNumber: '' }} maskedNumber={null} />;
  if (!methods.data) return <PageState query={methods} />;
  const card = methods.data.find((method) => method.id === id && method.kind === 'bank');
  if (!card) return <p className="empty-line">{t('methods.notFound')}</p>;
  return (
    <BankCardForm
      id={card.id}
      initial={{ bankName: card.bankName ?? '', accountName: card.accountName ?? '', cardNumber: '' }}
      maskedNumber={card.cardNumber}
    />
  );
}

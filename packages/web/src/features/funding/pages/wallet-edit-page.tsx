import '../funding.css';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from '../../../lib/router/router';
import { SubmitButton } from '../../../components/form/submit-button';
import { useGoBack } from '../../../lib/navigation';
import { showSuccessToast } from '../../../lib/toast';
import { useAddPaymentMethod } from '../api/add-payment-method';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { PageState } from '../components/page-state';
import { WalletFields } from '../components/wallet-fields';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type MethodProblem, type WalletFields as Values, checkWalletFields } from '../utils/payment-method';
import { idParam } from '../utils/routes';

function WalletForm({ id, initial }: { id: number | null; initial: Values }) {
  const { t } = useFundingTranslation();
  const goBack = useGoBack();
  const add = useAddPaymentMethod();
  const update = useUpdatePaymentMethod();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, MethodProblem>>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkWalletFields(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = { kind: 'crypto' as const, currencyType: values.currencyType, network: values.network, address: values.address.trim() };
    const onSuccess = () => {
      showSuccessToast(t('methods.walletSaved'));
      goBack();
    };
    if (id === null) add.mutate(body, { onSuccess });
    else update.mutate({ id, body }, { onSuccess });
  };

  return (
    <form className="form-page form-card" onSubmit={onSubmit} noValidate>
      <h2 className="form-title">{id === null ? t('methods.addWallet') : t('methods.editWallet')}</h2>
      <WalletFields
        values={values}
        errors={errors}
        onChange={(next, changed) => {
          setValues(next);
          setErrors((current) => ({ ...current, [changed]: undefined, ...(changed === 'address' ? {} : { address: undefined }) }));
        }}
      />
      <SubmitButton loading={add.isPending || update.isPending}>{t('methods.save')}</SubmitButton>
    </form>
  );
}

/** SPEC §2 `/pages/vm/modify`: add a digital-currency wallet, or (`?id=`) change a saved one. */
export function WalletEditPage() {
  const { t } = useFundingTranslation();
  const [search] = useSearchParams();
  const id = idParam(search);
  const methods = usePaymentMethods();
  if (id === null) return <WalletForm id={null} initial={{ currencyType: 'USDT', network: 'TRC20', address: '' }} />;
  if (!methods.data) return <PageState query={methods} />;
  const wallet = methods.data.find((method) => method.id === id && method.kind === 'crypto');
  if (!wallet) return <p className="empty-line">{t('methods.notFound')}</p>;
  return <WalletForm id={wallet.id} initial={{ currencyType: wallet.currencyType ?? 'USDT', network: wallet.network ?? 'TRC20', address: wallet.address ?? '' }} />;
}

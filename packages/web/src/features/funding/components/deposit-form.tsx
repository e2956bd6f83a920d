import { DEPOSIT_MIN, type DepositChannel } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { SubmitButton } from '../../../components/form/submit-button';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { useAppNavigate } from '../../../lib/navigation';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateDeposit } from '../api/create-deposit';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type AmountProblem, checkAmount } from '../utils/amount';
import { recordsPath } from '../utils/routes';
import { AmountField } from './amount-field';
import { ImagePicker, type PickedImage } from '../../../components/image-picker/image-picker';

/** The amount sent and the screenshot that proves it; staff credit it after review. */
export function DepositForm({ channel }: { channel: DepositChannel }) {
  const { t } = useFundingTranslation();
  const navigate = useAppNavigate();
  const create = useCreateDeposit();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountProblem>();
  const [credential, setCredential] = useState<PickedImage | null>(null);
  const [credentialMissing, setCredentialMissing] = useState(false);
  // Submitting while the proof is still going up would be refused as missing; the button waits instead.
  const [uploading, setUploading] = useState(false);
  const min = Math.max(channel.minAmount, DEPOSIT_MIN);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkAmount(amount, { min });
    setAmountError(problem);
    // SPEC §5: the credential screenshot must be uploaded before submitting.
    setCredentialMissing(credential === null);
    if (problem || credential === null) return;
    const request = { channelId: channel.id, amount: amount.trim(), credentialUrl: credential.url };
    create.mutate(
      { request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: () => {
          idempotency.complete();
          showSuccessToast(t('deposit.submitted'));
          navigate(recordsPath('deposits'), { replace: true });
        },
      },
    );
  };

  return (
    <form className="card fd-form-card" onSubmit={onSubmit} noValidate aria-label={t('deposit.formTitle')}>
      <h2 className="fd-card-title">{t('deposit.formTitle')}</h2>
      <AmountField
        label={t('deposit.amount', { currency: channel.asset })}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setAmountError(undefined);
        }}
        error={amountError ? t(`validation.${amountError}`, { min, currency: channel.asset }) : undefined}
      />
      <p className="form-hint fd-hint-tight">{t('deposit.minimum', { min, currency: channel.asset })}</p>
      <ImagePicker
        label={t('deposit.credential')}
        prompt={t('deposit.credentialPrompt')}
        value={credential}
        onChange={(image) => {
          setCredential(image);
          if (image) setCredentialMissing(false);
        }}
        error={credentialMissing ? t('validation.credentialRequired') : undefined}
        onUploadingChange={setUploading}
      />
      <SubmitButton loading={create.isPending || uploading}>{t('deposit.submit')}</SubmitButton>
    </form>
  );
}

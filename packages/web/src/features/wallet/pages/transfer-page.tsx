import { type Currency, type Transfer, type WalletType, walletCurrencies, walletTypes } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectField } from '../../../components/form/select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import { formatMoney } from '../../../lib/format-number';
import { showSuccessToast } from '../../../lib/toast';
import { type ValidationKey, validateAmount } from '../../../components/form/validation';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useCreateTransfer } from '../api/create-transfer';
import { useRecentTransfers } from '../api/get-transfers';
import { TransferRow } from '../components/transfer-row';

function firstCurrency(wallet: WalletType): Currency {
  return walletCurrencies[wallet][0] ?? 'USD';
}

/** The last transfer made here: what arrives, at which rate, and when it settles. */
function TransferResult({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  return (
    <section className="card notice-card notice-card-success" role="status" aria-label={t('transfer.result')}>
      <p className="notice-text">
        {t('transfer.resultText', {
          amount: formatMoney(transfer.amount, transfer.currency),
          toAmount: formatMoney(transfer.toAmount, transfer.toCurrency),
          to: t(`wallets.${transfer.toWallet}`),
        })}
      </p>
      <p className="form-hint">
        {t('transfer.rateValue', { rate: transfer.rate.toFixed(4) })} · {t('transfer.settlesAt', { time: formatDate(transfer.settleTimeTimestamp, DateFormat.timeWithMeridiem) })}
      </p>
    </section>
  );
}

function RecentTransfers() {
  const { t } = useTranslation();
  const transfers = useRecentTransfers();
  const cancel = useCancelTransfer();
  const [cancelling, setCancelling] = useState<Transfer | null>(null);

  const onConfirm = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: () => showSuccessToast(t('transfer.cancelled')),
      onSettled: () => setCancelling(null),
    });
  };

  let body;
  if (transfers.isError && !transfers.data) body = <LoadError onRetry={() => void transfers.refetch()} />;
  else if (!transfers.data) body = <p className="list-caption">{t('common.loading')}</p>;
  else if (transfers.data.list.length === 0) body = <p className="empty-line">{t('transfer.none')}</p>;
  else {
    body = (
      <ul className="card history-list" aria-label={t('transfer.recent')}>
        {transfers.data.list.map((transfer) => (
          <TransferRow key={transfer.id} transfer={transfer} onCancel={setCancelling} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <h2 className="section-title">{t('transfer.recent')}</h2>
      <div className="section">{body}</div>
      <ConfirmDialog
        visible={cancelling !== null}
        title={t('transfer.cancelTitle')}
        confirmText={t('transfer.cancelTransfer')}
        dismissText={t('common.back')}
        danger
        busy={cancel.isPending}
        onConfirm={onConfirm}
        onCancel={() => setCancelling(null)}
      >
        {cancelling ? (
          <p className="confirm-headline">
            {t('transfer.cancelText', {
              amount: formatMoney(cancelling.amount, cancelling.currency),
              from: t(`wallets.${cancelling.fromWallet}`),
              to: t(`wallets.${cancelling.toWallet}`),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** SPEC §2 `/pages/profile/transfer`: move money between the user's wallets, and cancel a pending move. */
export function TransferPage() {
  const { t } = useTranslation();
  const [fromWallet, setFromWallet] = useState<WalletType>('BALANCE');
  const [toWallet, setToWallet] = useState<WalletType>('STOCK');
  const [currency, setCurrency] = useState<Currency>(firstCurrency('BALANCE'));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<ValidationKey | undefined>();
  const [result, setResult] = useState<Transfer | null>(null);
  const balance = useWalletBalance(fromWallet, currency);
  const transfer = useCreateTransfer();
  const idempotency = useIdempotencyKey();

  const walletOptions = walletTypes.map((wallet) => ({ value: wallet, label: t(`wallets.${wallet}`) }));
  const currencies = walletCurrencies[fromWallet];

  const onFrom = (value: string) => {
    const next = value as WalletType;
    setFromWallet(next);
    setCurrency(firstCurrency(next));
    if (next === toWallet) setToWallet(fromWallet);
  };
  const onTo = (value: string) => {
    const next = value as WalletType;
    if (next === fromWallet) {
      setFromWallet(toWallet);
      setCurrency(firstCurrency(toWallet));
    }
    setToWallet(next);
  };
  const onSwap = () => {
    setFromWallet(toWallet);
    setToWallet(fromWallet);
    setCurrency(firstCurrency(toWallet));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateAmount(amount);
    setError(invalid);
    if (invalid) return;
    const request = { fromWallet, toWallet, amount: amount.trim(), currency };
    transfer.mutate(
      { request, idempotencyKey: idempotency.keyFor(request) },
      {
        onSuccess: (done) => {
          idempotency.complete();
          setResult(done);
          setAmount('');
          showSuccessToast(t('transfer.done'));
        },
        // A refusal (insufficient funds, no rate) is toasted by the shared mutation handler.
      },
    );
  };

  const available = balance.data?.available;
  return (
    <>
      <form className="form-page form-card transfer-form" onSubmit={onSubmit} noValidate>
        <SelectField label={t('transfer.from')} name="from" value={fromWallet} options={walletOptions} onChange={onFrom} />
        <div className="swap-row">
          <button type="button" className="swap-button" onClick={onSwap} aria-label={t('transfer.swap')}>
            ⇅
          </button>
        </div>
        <SelectField label={t('transfer.to')} name="to" value={toWallet} options={walletOptions} onChange={onTo} />
        {currencies.length > 1 ? (
          <SelectField
            label={t('transfer.currency')}
            name="currency"
            value={currency}
            options={currencies.map((code) => ({ value: code, label: code }))}
            onChange={(value) => setCurrency(value as Currency)}
          />
        ) : null}
        <TextField
          label={t('transfer.amount', { currency })}
          name="amount"
          inputMode="decimal"
          value={amount}
          placeholder="0.00"
          onChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          suffix={
            <button
              type="button"
              className="field-chip"
              disabled={!available}
              onClick={() => {
                if (available) setAmount(available.toFixed(2));
                setError(undefined);
              }}
            >
              {t('transfer.all')}
            </button>
          }
        />
        <p className="form-hint" data-testid="transfer-available">
          {t('transfer.available')}: {available === undefined ? '--' : formatMoney(available, currency)}
        </p>
        <SubmitButton loading={transfer.isPending}>{t('transfer.submit')}</SubmitButton>
        <p className="form-hint">{t('transfer.hint')}</p>
      </form>
      {result ? (
        <div className="section">
          <TransferResult transfer={result} />
        </div>
      ) : null}
      <RecentTransfers />
    </>
  );
}

import { type Currency, type WalletType, walletCurrencies, walletTypes } from '@tradewind/contract';
import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { useCreditUser } from '../api/credit-user';
import type { AdminUser } from '../api/get-users';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { formatMoney } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';

/** The contract's amount: above 0, at most 13 digits and 2 decimals. */
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const REASON_MIN = 3;
const REASON_MAX = 200;

interface Problems {
  amount?: string;
  reason?: string;
}

/** A manual credit (money received outside the app), confirmed first and audited by the server. */
export function CreditForm({ user }: { user: AdminUser }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const credit = useCreditUser();
  const [walletType, setWalletType] = useState<WalletType>('BALANCE');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const currencies = walletCurrencies[walletType];
  const chooseWallet = (next: WalletType) => {
    setWalletType(next);
    const allowed = walletCurrencies[next];
    if (!allowed.includes(currency)) setCurrency(allowed[0] ?? 'USD');
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const next: Problems = {};
    const trimmedAmount = amount.trim();
    if (!AMOUNT_PATTERN.test(trimmedAmount) || Number(trimmedAmount) <= 0) next.amount = t('credit.amountInvalid');
    const trimmedReason = reason.trim();
    if (trimmedReason.length < REASON_MIN || trimmedReason.length > REASON_MAX) next.reason = t('credit.reasonInvalid');
    setProblems(next);
    if (next.amount || next.reason) return;
    setError(null);
    setConfirming(true);
  };

  const send = async () => {
    setError(null);
    try {
      const wallet = await credit.mutateAsync({ userId: user.id, walletType, currency, amount: amount.trim(), reason: reason.trim() });
      setConfirming(false);
      setAmount('');
      setReason('');
      showSuccessToast(t('credit.doneToast', { balance: formatMoney(wallet.balance, wallet.currency) }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const walletName = t(`walletTypes.${walletType}`);
  return (
    <form className="bo-form" onSubmit={review} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="bo-section-title">
        {t('credit.title')}
      </h2>
      <p className="bo-hint">{t('credit.hint')}</p>
      <div className="bo-form-grid">
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-wallet`}>
            {t('credit.wallet')}
          </label>
          <select id={`${id}-wallet`} className="bo-input" value={walletType} onChange={(event) => chooseWallet(event.target.value as WalletType)}>
            {walletTypes.map((type) => (
              <option key={type} value={type}>
                {t(`walletTypes.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-currency`}>
            {t('credit.currency')}
          </label>
          <select id={`${id}-currency`} className="bo-input" value={currency} onChange={(event) => setCurrency(event.target.value as Currency)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-field">
          <label className="bo-label" htmlFor={`${id}-amount`}>
            {t('credit.amount')}
          </label>
          <input
            id={`${id}-amount`}
            className="bo-input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={problems.amount ? true : undefined}
            aria-describedby={problems.amount ? `${id}-amount-problem` : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          {problems.amount ? (
            <p id={`${id}-amount-problem`} className="bo-field-error" role="alert">
              {problems.amount}
            </p>
          ) : null}
        </div>
        <div className="bo-field bo-field-span">
          <label className="bo-label" htmlFor={`${id}-reason`}>
            {t('credit.reason')}
          </label>
          <input
            id={`${id}-reason`}
            className="bo-input"
            autoComplete="off"
            value={reason}
            maxLength={REASON_MAX + 50}
            placeholder={t('credit.reasonPlaceholder')}
            aria-invalid={problems.reason ? true : undefined}
            aria-describedby={problems.reason ? `${id}-reason-problem` : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
          {problems.reason ? (
            <p id={`${id}-reason-problem`} className="bo-field-error" role="alert">
              {problems.reason}
            </p>
          ) : null}
        </div>
      </div>
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary">
          {t('credit.submit')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('credit.confirmTitle', { amount: formatMoney(Number(amount.trim()), currency) })}
          body={<p>{t('credit.confirmBody', { wallet: walletName, email: user.email, reason: reason.trim() })}</p>}
          confirmLabel={t('credit.confirm')}
          busy={credit.isPending}
          error={error}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </form>
  );
}

import { type Currency, type WalletType, walletCurrencies, walletTypes } from '@tradewind/contract';
import { type FormEvent, useId, useState } from 'react';
import { showSuccessToast } from '../../lib/toast';
import { useAdminTranslation } from '../i18n/use-admin-translation';
import { errorMessage } from '../lib/error-message';
import { formatMoney } from '../lib/format';

/** The contract's amount: above 0, at most 13 digits and 2 decimals. */
const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;
const REASON_MIN = 3;
const REASON_MAX = 200;

interface Problems {
  amount?: string;
  reason?: string;
}

/** What a wallet-amount form sends: amount and reason trimmed. */
export interface WalletAmountValues {
  walletType: WalletType;
  currency: Currency;
  amount: string;
  reason: string;
}

/**
 * The state shared by the admin's money forms (manual credit, correction): wallet, currency, amount
 * and reason, their checks, and the confirm step. The form keeps its own texts and mutation:
 * `send(post)` runs `post` with the values and, once it resolves, closes the confirm dialog, clears
 * amount and reason and shows the toast text `post` returned; a failure stays in `error` for the dialog.
 */
export function useWalletAmountForm() {
  const { t } = useAdminTranslation();
  const id = useId();
  const [walletType, setWalletType] = useState<WalletType>('BALANCE');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const values: WalletAmountValues = { walletType, currency, amount: amount.trim(), reason: reason.trim() };

  const chooseWallet = (next: WalletType) => {
    setWalletType(next);
    const allowed = walletCurrencies[next];
    if (!allowed.includes(currency)) setCurrency(allowed[0] ?? 'USD');
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const next: Problems = {};
    if (!AMOUNT_PATTERN.test(values.amount) || Number(values.amount) <= 0) next.amount = t('credit.amountInvalid');
    if (values.reason.length < REASON_MIN || values.reason.length > REASON_MAX) next.reason = t('credit.reasonInvalid');
    setProblems(next);
    if (next.amount || next.reason) return;
    setError(null);
    setConfirming(true);
  };

  const send = async (post: (values: WalletAmountValues) => Promise<string>) => {
    setError(null);
    try {
      const doneToast = await post(values);
      setConfirming(false);
      setAmount('');
      setReason('');
      showSuccessToast(doneToast);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return {
    id,
    values,
    /** The amount as the confirm dialog shows it, in the chosen currency. */
    shownAmount: formatMoney(Number(values.amount), currency),
    walletName: t(`walletTypes.${walletType}`),
    fields: { amount, reason, problems, chooseWallet, setCurrency, setAmount, setReason },
    confirming,
    error,
    review,
    send,
    cancel: () => setConfirming(false),
  };
}

export type WalletAmountForm = ReturnType<typeof useWalletAmountForm>;

/** The wallet, currency, amount and reason fields of a wallet-amount form, for its `bo-form-grid`. */
export function WalletAmountFields({ form, reasonPlaceholder }: { form: WalletAmountForm; reasonPlaceholder: string }) {
  const { t } = useAdminTranslation();
  const { id, values, fields } = form;
  const { problems } = fields;
  return (
    <>
      <div className="bo-field">
        <label className="bo-label" htmlFor={`${id}-wallet`}>
          {t('credit.wallet')}
        </label>
        <select id={`${id}-wallet`} className="bo-input" value={values.walletType} onChange={(event) => fields.chooseWallet(event.target.value as WalletType)}>
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
        <select id={`${id}-currency`} className="bo-input" value={values.currency} onChange={(event) => fields.setCurrency(event.target.value as Currency)}>
          {walletCurrencies[values.walletType].map((code) => (
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
          value={fields.amount}
          aria-invalid={problems.amount ? true : undefined}
          aria-describedby={problems.amount ? `${id}-amount-problem` : undefined}
          onChange={(event) => fields.setAmount(event.target.value)}
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
          value={fields.reason}
          maxLength={REASON_MAX + 50}
          placeholder={reasonPlaceholder}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={problems.reason ? `${id}-reason-problem` : undefined}
          onChange={(event) => fields.setReason(event.target.value)}
        />
        {problems.reason ? (
          <p id={`${id}-reason-problem`} className="bo-field-error" role="alert">
            {problems.reason}
          </p>
        ) : null}
      </div>
    </>
  );
}

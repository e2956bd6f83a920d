import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from '../../../lib/router/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PasswordField } from '../../../components/form/password-field';
import { TextField } from '../../../components/form/text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useIdempotencyKey } from '../../../hooks/use-idempotency-key';
import { formatMoney } from '../../../lib/format-number';
import { useAppNavigate } from '../../../lib/navigation';
import { useUserInfo } from '../../../api/session/get-user-info';
import { useTwoFactorStatus } from '../../../api/session/two-factor-status';
import { showSuccessToast } from '../../../lib/toast';
import type { MethodBody } from '../api/add-payment-method';
import { useApplyOtherWithdrawal } from '../api/apply-other-withdrawal';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useUsableWithdrawal } from '../api/get-usable-withdrawal';
import { useFundingTranslation } from '../i18n/use-funding-translation';
import { type AmountProblem, checkAmount } from '../utils/amount';
import { fundingPaths, recordsPath } from '../utils/routes';
import { AmountField } from './amount-field';

/** Where the money goes: a saved method by id, or one typed for this withdrawal only. */
export type Destination = { kind: 'saved'; cardId: number; summary: string } | { kind: 'other'; method: MethodBody; summary: string };

interface WithdrawFormProps {
  /** Validates the destination part of the form; null while it is incomplete (its errors are shown). */
  resolveDestination: () => Destination | null;
  /** The destination part: a saved-method picker or fields. */
  children: ReactNode;
}

/**
 * The amount (with what can be withdrawn and "All"), the pay password and a confirmation; sent with
 * an Idempotency-Key, so a retry after a lost answer freezes the money once.
 */
export function WithdrawForm({ resolveDestination, children }: WithdrawFormProps) {
  const { t, common } = useFundingTranslation();
  const navigate = useAppNavigate();
  const usable = useUsableWithdrawal();
  const { data: user } = useUserInfo();
  const applySaved = useApplyWithdrawal();
  const applyOther = useApplyOtherWithdrawal();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountProblem>();
  const [payPassword, setPayPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const [confirming, setConfirming] = useState<Destination | null>(null);
  const twoFactor = useTwoFactorStatus();
  const needsCode = twoFactor.data?.enabled === true;
  const [totpCode, setTotpCode] = useState('');
  const [codeInvalid, setCodeInvalid] = useState(false);
  const pending = applySaved.isPending || applyOther.isPending;
  const currency = usable.data?.currency ?? 'USD';
  const available = usable.data?.available;
  const noPayPassword = user?.payPasswordSet === false;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const destination = resolveDestination();
    const problem = checkAmount(amount, { max: available });
    setAmountError(problem);
    setPasswordMissing(!payPassword);
    const codeBad = needsCode && !/^\d{6}$/.test(totpCode.trim());
    setCodeInvalid(codeBad);
    if (!destination || problem || !payPassword || codeBad) return;
    setConfirming(destination);
  };

  const onConfirm = () => {
    if (!confirming) return;
    const onSuccess = () => {
      idempotency.complete();
      setConfirming(null);
      showSuccessToast(t('withdraw.submitted'));
      navigate(recordsPath('withdrawals'), { replace: true });
    };
    const onError = () => {
      setConfirming(null);
      // A code works once: the next try needs the next one.
      setTotpCode('');
    };
    const value = amount.trim();
    const code = needsCode ? { totpCode: totpCode.trim() } : {};
    if (confirming.kind === 'saved') {
      const request = { amount: value, cardId: confirming.cardId, payPassword, ...code };
      applySaved.mutate({ request, idempotencyKey: idempotency.keyFor(request) }, { onSuccess, onError });
    } else {
      const request = { amount: value, payPassword, method: confirming.method, ...code };
      applyOther.mutate({ request, idempotencyKey: idempotency.keyFor(request) }, { onSuccess, onError });
    }
  };

  return (
    <form className="fd-stack" onSubmit={onSubmit} noValidate>
      {children}
      <section className="card fd-form-card" aria-label={t('withdraw.amountTitle')}>
        <AvailableLine available={available} currency={currency} />
        <AmountField
          label={t('withdraw.amount', { currency })}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setAmountError(undefined);
          }}
          error={amountError ? t(`validation.${amountError}`, { amount: formatMoney(available, currency), min: 0.01, currency }) : undefined}
          onAll={() => {
            if (available) setAmount(available.toFixed(2));
            setAmountError(undefined);
          }}
          allDisabled={!available}
        />
        {noPayPassword ? <NoPayPasswordNotice /> : null}
        <PasswordField
          label={t('withdraw.payPassword')}
          name="payPassword"
          autoComplete="current-password"
          placeholder={t('withdraw.payPasswordPlaceholder')}
          value={payPassword}
          onChange={(value) => {
            setPayPassword(value);
            setPasswordMissing(false);
          }}
          error={passwordMissing ? t('validation.payPasswordRequired') : undefined}
        />
        {needsCode ? (
          <TotpCodeField
            value={totpCode}
            invalid={codeInvalid}
            onChange={(value) => {
              setTotpCode(value);
              setCodeInvalid(false);
            }}
          />
        ) : null}
        <SubmitButton loading={pending}>{t('withdraw.submit')}</SubmitButton>
        <p className="form-hint">{t('withdraw.hint')}</p>
      </section>
      <ConfirmDialog
        visible={confirming !== null}
        title={t('withdraw.confirmTitle')}
        confirmText={t('withdraw.confirm')}
        dismissText={common('common.cancel')}
        busy={pending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? <WithdrawSummary amount={amount.trim()} currency={currency} destination={confirming.summary} /> : null}
      </ConfirmDialog>
    </form>
  );
}

/** Withdrawing needs a pay password: the way to set one, for a user without. */
function NoPayPasswordNotice() {
  const { t } = useFundingTranslation();
  return (
    <div className="fd-warning fd-warning-action" role="alert">
      <span>{t('withdraw.noPayPassword')}</span>
      <Link className="fd-link-button" to={fundingPaths.payPassword}>
        {t('withdraw.setPayPassword')}
      </Link>
    </div>
  );
}

/** With two-factor sign-in on, a withdrawal also takes the authenticator's current code. */
function TotpCodeField({ value, invalid, onChange }: { value: string; invalid: boolean; onChange: (value: string) => void }) {
  const { common } = useFundingTranslation();
  return (
    <>
      <TextField
        label={common('twoFactor.code')}
        name="totpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={common('twoFactor.codePlaceholder')}
        value={value}
        onChange={onChange}
        error={invalid ? common('twoFactor.codeInvalid') : undefined}
      />
      <p className="form-hint">{common('twoFactor.withdrawHint')}</p>
    </>
  );
}

function AvailableLine({ available, currency }: { available: number | undefined; currency: string }) {
  const { t } = useFundingTranslation();
  return (
    <div className="fd-available">
      <span>{t('withdraw.available')}</span>
      <strong className="tabular" data-testid="withdraw-available">
        {available === undefined ? '--' : formatMoney(available, currency)}
      </strong>
    </div>
  );
}

/** The confirmation: the amount, where it goes, and the note under them. */
function WithdrawSummary({ amount, currency, destination }: { amount: string; currency: string; destination: string }) {
  const { t } = useFundingTranslation();
  return (
    <div className="fd-confirm">
      <p className="fd-confirm-amount tabular">{formatMoney(amount, currency)}</p>
      <p className="fd-confirm-to">{t('withdraw.confirmTo', { destination })}</p>
      <p className="fd-confirm-note">{t('withdraw.confirmNote')}</p>
    </div>
  );
}

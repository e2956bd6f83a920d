import '../follow.css';
import { FOLLOW_AMOUNT_MAX, FOLLOW_AMOUNT_MIN, type Agency } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { useWalletBalance } from '../../../api/funds/get-wallet-balance';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast, showToast } from '../../../lib/toast';
import { validateAmount } from '../../../components/form/validation';
import { useAddFollow } from '../api/add-follow';
import { useAgencies } from '../api/get-agencies';
import { type Fact, FactList } from '../components/fact-list';
import { FollowFunding } from '../components/follow-funding';

const whole = (n: number) => formatPrice(n, 0);
const usd = (n: number | undefined) => (n === undefined ? '--' : formatMoney(n, 'USD'));

function FollowForm({ agency }: { agency: Agency }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const wallet = useWalletBalance('FOLLOW', 'USD');
  const add = useAddFollow();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  // One key per intended follow: a retry after a lost answer places it once.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const value = Number(amount);
  const valid = amount.trim() !== '' && validateAmount(amount) === undefined;
  const fee = valid ? Math.round(value * agency.feePercent) / 100 : undefined;
  const available = wallet.data?.available;
  const facts: Fact[] = [
    { key: 'available', label: t('follow.walletAvailable'), value: usd(available) },
    { key: 'fee', label: t('follow.feeOf', { percent: formatPrice(agency.feePercent, 2) }), value: usd(fee) },
    { key: 'invest', label: t('follow.toInvest'), value: usd(fee === undefined ? undefined : value - fee) },
    { key: 'term', label: t('follow.term'), value: t('follow.termDays', { days: agency.termDays }) },
  ];

  // `affordable`: the FOLLOW wallet must pay; the one-step funding path moves the money first, so it skips that rule.
  const check = (affordable = true) => {
    const invalid = validateAmount(amount);
    const problem = invalid
      ? t(invalid)
      : value < FOLLOW_AMOUNT_MIN || value > FOLLOW_AMOUNT_MAX
        ? t('follow.amountRange', { min: whole(FOLLOW_AMOUNT_MIN), max: whole(FOLLOW_AMOUNT_MAX) })
        : affordable && available !== undefined && value > available
          ? t('follow.insufficient', { available: usd(available) })
          : undefined;
    setError(problem);
    return problem === undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (check()) setConfirming(true);
  };

  const onConfirm = () => {
    add.mutate(
      { request: { agencyId: agency.id, amount: amount.trim() }, idempotencyKey },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccessToast(t('follow.placed'));
          navigate(paths.productFollow, { replace: true });
        },
        onError: (failure) => {
          setConfirming(false);
          if (!isAlreadyReported(failure)) showToast(failure.message);
        },
      },
    );
  };

  return (
    <form className="card order-card" onSubmit={onSubmit} noValidate aria-label={t('follow.formTitle', { name: agency.name })}>
      <h2 className="section-title">{t('follow.formTitle', { name: agency.name })}</h2>
      <TextField
        label={t('follow.amountLabel')}
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(next) => {
          setAmount(next);
          setError(undefined);
        }}
        error={error}
      />
      <FactList facts={facts} label={t('follow.formTitle', { name: agency.name })} />
      {valid && available !== undefined ? <FollowFunding agencyId={agency.id} amount={amount} value={value} available={available} check={() => check(false)} /> : null}
      <p className="form-hint" role="note">
        {t('follow.notice', { min: whole(FOLLOW_AMOUNT_MIN), max: whole(FOLLOW_AMOUNT_MAX) })}
      </p>
      {available !== undefined && available < FOLLOW_AMOUNT_MIN ? (
        <Link className="text-button" to={paths.transfer}>
          {t('follow.fundWallet')}
        </Link>
      ) : null}
      <button type="submit" className="trade-button trade-button-buy" disabled={add.isPending}>
        {t('follow.follow')}
      </button>
      <ConfirmDialog
        visible={confirming}
        title={t('follow.confirmTitle')}
        confirmText={t('follow.follow')}
        busy={add.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p className="confirm-headline">{t('follow.confirmText', { name: agency.name, amount: usd(valid ? value : undefined) })}</p>
        <FactList facts={facts.slice(1)} />
      </ConfirmDialog>
    </form>
  );
}

/** `/pages/payment/follow?agencyId=`: the amount to follow an agency with, from the FOLLOW wallet (SPEC §5). */
export function FollowPaymentPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const agencies = useAgencies();
  const agencyId = Number(search.get('agencyId'));

  if (agencies.isError && !agencies.data) return <LoadError onRetry={() => void agencies.refetch()} />;
  if (agencies.data === undefined) {
    return (
      <div className="page-status" role="status">
        <span className="page-status-text">{t('common.loading')}</span>
      </div>
    );
  }
  const agency = agencies.data.find((a) => a.id === agencyId);
  return (
    <div className="order-page">
      {agency ? (
        <FollowForm agency={agency} />
      ) : (
        <section className="card notice-card" role="note">
          <p className="notice-text">{t('follow.unavailable')}</p>
          <Link className="primary-pill notice-action" to={paths.productFollow}>
            {t('follow.agencies')}
          </Link>
        </section>
      )}
    </div>
  );
}

import '../ipo.css';
import type { IpoOffering } from '@tradewind/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../../lib/router/router';
import { isAlreadyReported } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { formatMoney } from '../../../lib/format-number';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useAppNavigate } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { showSuccessToast } from '../../../lib/toast';
import { validateQuantity } from '../../../components/form/validation';
import { useIpoFullNum } from '../api/get-ipo-full-num';
import { useIpoOfferings } from '../api/get-ipo-offerings';
import { useSubscribeIpo } from '../api/subscribe-ipo';
import { IpoFigures } from '../components/ipo-figures';
import { IpoFunding } from '../components/ipo-funding';
import { OfferingCard, shareCount } from '../components/offering-card';

/** The offering the query names: its id when given, else the newest offering of the code. */
function pickOffering(offerings: readonly IpoOffering[], search: URLSearchParams): IpoOffering | undefined {
  const id = Number(search.get('id'));
  if (id > 0) return offerings.find((o) => o.id === id);
  const code = search.get('code')?.toUpperCase();
  return offerings.filter((o) => o.stockCode === code).sort((a, b) => b.id - a.id)[0];
}

/** Lots × the price of one lot, in cents so the total is exact. */
const totalOf = (lots: number, lotAmount: number) => (lots * Math.round(lotAmount * 100)) / 100;

function SubscribeForm({ offering }: { offering: IpoOffering }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const fullNum = useIpoFullNum(offering.id);
  const subscribe = useSubscribeIpo();
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  // One key per intended subscription: a retry after a lost answer subscribes once.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const lots = Number(quantity);
  const valid = validateQuantity(quantity) === undefined;
  const full = fullNum.data?.full;
  const money = (value: number | undefined) => (value === undefined ? '--' : formatMoney(value, offering.currency));
  const figures = [
    { key: 'shares', label: t('ipo.shares'), value: valid ? shareCount(lots * offering.lotSize) : '--' },
    { key: 'total', label: t('ipo.total'), value: valid ? money(totalOf(lots, offering.lotAmount)) : '--', strong: true },
    { key: 'available', label: t('ipo.available'), value: money(fullNum.data?.available) },
    { key: 'max', label: t('ipo.maxLots'), value: full === undefined ? '--' : shareCount(full) },
  ];

  // `affordable`: the IPO wallet must pay; the one-step funding path moves the money first, so it skips that rule.
  const check = (affordable = true): string | undefined => {
    const invalid = validateQuantity(quantity);
    if (invalid) return t(invalid);
    if (lots > offering.lotsOffered) return t('ipo.aboveOffered', { max: shareCount(offering.lotsOffered) });
    if (affordable && full !== undefined && lots > full) return full === 0 ? t('ipo.noFunds') : t('ipo.aboveAffordable', { max: shareCount(full) });
    return undefined;
  };

  const fundable = () => {
    const problem = check(false);
    setError(problem);
    return problem === undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    setError(problem);
    if (!problem) setConfirming(true);
  };

  const onConfirm = () => {
    subscribe.mutate(
      { request: { id: offering.id, quantity: lots }, idempotencyKey },
      {
        onSuccess: () => {
          setConfirming(false);
          showSuccessToast(t('ipo.subscribed', { code: offering.stockCode }));
          navigate(`${paths.productNewStock}?tab=mine`);
        },
        onError: (failure) => {
          setConfirming(false);
          if (!isAlreadyReported(failure)) setError(failure.message);
        },
      },
    );
  };

  return (
    <form className="card order-card" onSubmit={onSubmit} noValidate aria-label={t('ipo.formTitle', { code: offering.stockCode })}>
      <h2 className="section-title">{t('ipo.formTitle', { code: offering.stockCode })}</h2>
      <TextField
        label={t('ipo.quantityLots', { n: shareCount(offering.lotSize) })}
        name="quantity"
        inputMode="numeric"
        value={quantity}
        onChange={(value) => {
          setQuantity(value);
          setError(undefined);
        }}
        error={error}
        suffix={
          <button type="button" className="ipo-max-button" disabled={!full} onClick={() => full && (setQuantity(String(full)), setError(undefined))}>
            {t('ipo.max')}
          </button>
        }
      />
      <IpoFigures figures={figures} label={t('ipo.formTitle', { code: offering.stockCode })} />
      {valid && lots <= offering.lotsOffered && fullNum.data ? (
        <IpoFunding offering={offering} lots={lots} total={totalOf(lots, offering.lotAmount)} available={fullNum.data.available} check={() => fundable()} />
      ) : null}
      {full === 0 ? (
        <p className="form-hint">
          {t('ipo.fundHint')}{' '}
          <Link to={paths.transfer}>{t('ipo.transfer')}</Link>
        </p>
      ) : (
        <p className="form-hint">{t('ipo.freezeHint')}</p>
      )}
      <div className="ipo-form-actions">
        <Link className="text-button" to={`${paths.productNewStock}?tab=mine`}>
          {t('ipo.section.mine')}
        </Link>
        <button type="submit" className="trade-button trade-button-buy" disabled={subscribe.isPending}>
          {t('ipo.subscribe')}
        </button>
      </div>
      <ConfirmDialog
        visible={confirming}
        title={t('ipo.confirmTitle')}
        confirmText={t('ipo.subscribe')}
        busy={subscribe.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p className="confirm-headline">
          {t('ipo.confirmText', { lots: shareCount(lots), shares: shareCount(lots * offering.lotSize), code: offering.stockCode, total: money(totalOf(lots, offering.lotAmount)) })}
        </p>
      </ConfirmDialog>
    </form>
  );
}

/** `/pages/payment/newstock` (source 5): subscribe to an IPO in whole lots, paid from the SUBSCRIPTION wallet. */
export function SubscribePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const offerings = useIpoOfferings();
  if (offerings.isError && !offerings.data) return <LoadError onRetry={() => void offerings.refetch()} />;
  if (!offerings.data) {
    return (
      <div className="page-status" role="status">
        <span className="page-status-text">{t('common.loading')}</span>
      </div>
    );
  }
  const offering = pickOffering(offerings.data, search);
  if (!offering) {
    return (
      <div className="order-page">
        <p className="list-empty">{t('ipo.notFound')}</p>
        <Link className="primary-pill notice-action" to={paths.productNewStock}>
          {t('pages.productNewStock')}
        </Link>
      </div>
    );
  }
  return (
    <div className="order-page">
      <OfferingCard offering={offering} />
      {offering.status === 'open' ? (
        <SubscribeForm key={offering.id} offering={offering} />
      ) : (
        <section className="card notice-card" role="note">
          <p className="notice-text">{t(offering.status === 'upcoming' ? 'ipo.notOpenYet' : 'ipo.closedNotice')}</p>
        </section>
      )}
    </div>
  );
}

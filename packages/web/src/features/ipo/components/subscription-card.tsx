import { type IpoSubscription, IpoSubscriptionStatus } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-number';
import { DrawProof } from './draw-proof';
import { IpoFigures } from './ipo-figures';
import { shareCount } from './offering-card';

const statusKey = {
  [IpoSubscriptionStatus.Waiting]: 'waiting',
  [IpoSubscriptionStatus.Allotted]: 'allotted',
  [IpoSubscriptionStatus.NotAllotted]: 'notAllotted',
} as const;

/** One of the user's subscriptions with the SPEC §3 labels and its §4 status. */
export function SubscriptionCard({ subscription: s }: { subscription: IpoSubscription }) {
  const { t } = useTranslation();
  const money = (value: number) => formatMoney(value, s.currency);
  const status = statusKey[s.status];
  const figures = [
    { key: 'price', label: t('ipo.price'), value: money(s.price) },
    { key: 'quantity', label: t('ipo.quantity'), value: t('ipo.lotsAndShares', { lots: shareCount(s.quantity), shares: shareCount(s.shares) }) },
    { key: 'total', label: t('ipo.total'), value: money(s.total), strong: true },
    { key: 'prospectus', label: t('ipo.prospectusDate'), value: formatDate(s.prospectusDate, DateFormat.date) },
    { key: 'list', label: t('ipo.listDate'), value: formatDate(s.listDate, DateFormat.date) },
    { key: 'allotted', label: t('ipo.allotmentQuantity'), value: s.status === IpoSubscriptionStatus.Waiting ? '--' : t('ipo.lotsAndShares', { lots: shareCount(s.allotmentQuantity), shares: shareCount(s.allotmentShares) }) },
    { key: 'paid', label: t('ipo.amountPaid'), value: money(s.amountPaid) },
    { key: 'pending', label: t('ipo.amountPending'), value: money(s.amountPending) },
    ...(s.amountRefunded > 0 ? [{ key: 'refunded', label: t('ipo.amountRefunded'), value: money(s.amountRefunded) }] : []),
  ];
  return (
    <article className="card order-card ipo-card" aria-label={t('ipo.subscriptionOf', { name: s.name, code: s.stockCode })}>
      <header className="position-head">
        <div className="position-names">
          <h2 className="position-name">{s.name}</h2>
          <p className="position-meta">
            <span className="quote-header-code">{s.stockCode}</span>
            <span className="ipo-market">{formatDate(s.createTimeTimestamp, DateFormat.dateTime)}</span>
          </p>
        </div>
        <span className={`status-pill ipo-status-${status}`} data-testid="ipo-subscription-status">
          {t(`ipo.status.${status}`)}
        </span>
      </header>
      <IpoFigures figures={figures} label={s.name} />
      {s.listed ? <p className="form-hint">{t('ipo.listedHint')}</p> : null}
      <DrawProof offeringId={s.offeringId} />
    </article>
  );
}

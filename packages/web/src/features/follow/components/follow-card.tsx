import type { Follow } from '@tradewind/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, formatNumber, formatSignedPercent } from '../../../lib/format-number';
import { type Fact, FactList } from './fact-list';

/**
 * The server keeps a refused follow's reason as the English sentence it wrote (one of two); the app
 * names it in its own language, and shows any other text (a future reason) as it came.
 */
const reasonKeys = {
  'An instrument of the portfolio is no longer quoted': 'follow.reasonDelisted',
  'The agency no longer takes follows': 'follow.reasonAgencyClosed',
} as const;

function reasonText(reason: string, t: TFunction): string {
  return Object.hasOwn(reasonKeys, reason) ? t(reasonKeys[reason as keyof typeof reasonKeys]) : reason;
}

const bought = (follow: Follow) => follow.status === 'subscribed' || follow.status === 'ended';

/** One of the user's follows: status, value and P&L of its positions, and the positions. */
export function FollowCard({ follow }: { follow: Follow }) {
  const { t } = useTranslation();
  const usd = (value: number, signed = false) => formatMoney(value, follow.currency, { signed });
  const facts: Fact[] = [
    { key: 'amount', label: t('follow.amount'), value: usd(follow.amount) },
    { key: 'value', label: t('follow.value'), value: usd(follow.value) },
    ...(bought(follow)
      ? [
          { key: 'profit', label: t('follow.profit'), value: `${usd(follow.profit, true)} (${formatSignedPercent(follow.profitRatio)})`, change: follow.profit },
          { key: 'invested', label: t('follow.invested'), value: usd(follow.invested) },
          { key: 'fee', label: t('follow.fee'), value: usd(follow.fee) },
        ]
      : []),
    ...(follow.endTimeTimestamp
      ? [{ key: 'ends', label: follow.status === 'ended' ? t('follow.ended') : t('follow.ends'), value: formatDate(follow.settleTimeTimestamp ?? follow.endTimeTimestamp, DateFormat.date) }]
      : []),
  ];
  return (
    <article className="card order-card follow-card" aria-label={t('follow.followOf', { name: follow.agencyName })}>
      <header className="position-head">
        <div className="position-names">
          <h3 className="position-name">{follow.agencyName}</h3>
          <p className="position-meta">{formatDate(follow.createTimeTimestamp)}</p>
        </div>
        <span className={follow.status === 'subscribed' ? 'status-pill status-pill-open' : 'status-pill'}>{t(`follow.status.${follow.status}`)}</span>
      </header>
      <FactList facts={facts} label={follow.agencyName} />
      {follow.reason ? <p className="form-hint">{reasonText(follow.reason, t)}</p> : null}
      {follow.holdings.length > 0 ? (
        <ul className="follow-holdings" aria-label={t('follow.positions')}>
          {follow.holdings.map((h) => (
            <li key={h.positionId} className="follow-holding">
              <span className="quote-header-code">{h.stockCode}</span>
              <span className="follow-holding-name tabular">{t('follow.sharesOf', { shares: formatNumber(h.shares, 4) })}</span>
              <span className={`tabular trend-${h.profit > 0 ? 'rise' : h.profit < 0 ? 'fall' : 'flat'}`}>{usd(h.value)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

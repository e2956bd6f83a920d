import type { Agency } from '@tradewind/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatSignedPercent } from '../../../lib/format-number';
import { type Fact, FactList } from './fact-list';
import { TrackRecordChart } from './track-record-chart';

const returnText = (value: number | null) => (value === null ? '--' : formatSignedPercent(value));

/** An agency: strategy, what its model portfolio returned, fee, term and the portfolio itself. */
export function AgencyCard({ agency, action }: { agency: Agency; action?: ReactNode }) {
  const { t } = useTranslation();
  const record = agency.trackRecord;
  const facts: Fact[] = [
    { key: 'm1', label: t('follow.return1m'), value: returnText(record.month1), change: record.month1 },
    { key: 'm3', label: t('follow.return3m'), value: returnText(record.month3), change: record.month3 },
    { key: 'y1', label: t('follow.return1y'), value: returnText(record.year1), change: record.year1 },
    { key: 'fee', label: t('follow.fee'), value: `${formatPrice(agency.feePercent, 2)}%` },
    { key: 'term', label: t('follow.term'), value: t('follow.termDays', { days: agency.termDays }) },
  ];
  return (
    <article className="card order-card follow-agency" aria-label={agency.name}>
      <header className="position-head">
        <div className="position-names">
          <h2 className="position-name">{agency.name}</h2>
          <p className="follow-strategy">{agency.strategy}</p>
        </div>
        <TrackRecordChart curve={record.curve} label={t('follow.trackRecord')} />
      </header>
      <FactList facts={facts} label={t('follow.trackRecord')} />
      <section aria-label={t('follow.portfolio')}>
        <h3 className="follow-subtitle">{t('follow.portfolio')}</h3>
        <ul className="follow-holdings">
          {agency.holdings.map((holding) => (
            <li key={holding.stockCode} className="follow-holding">
              <span className="quote-header-code">{holding.stockCode}</span>
              <span className="follow-holding-name">{holding.name}</span>
              <span className="tabular">{formatPrice(holding.weight, 2)}%</span>
            </li>
          ))}
        </ul>
      </section>
      {action}
    </article>
  );
}

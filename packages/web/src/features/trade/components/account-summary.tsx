import type { FundingOverview } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, trendOf } from '../../../lib/format-number';

/** The account at a glance, in USD: total assets, available, today's and floating profit. */
export function AccountSummary({ overview }: { overview: FundingOverview | undefined }) {
  const { t } = useTranslation();
  const money = (value: number | undefined, signed = false) => (value === undefined ? '--' : formatMoney(value, 'USD', { signed }));
  return (
    <section className="card summary-card" aria-label={t('trade.summary')} aria-busy={overview ? undefined : true}>
      <p className="summary-label">{t('trade.totalAssets')}</p>
      <p className="summary-total tabular" data-testid="total-assets">
        {money(overview?.totalAssets)}
      </p>
      <dl className="summary-grid">
        <div>
          <dt>{t('trade.available')}</dt>
          <dd className="tabular" data-testid="available">
            {money(overview?.available)}
          </dd>
        </div>
        <div>
          <dt>{t('trade.todayProfit')}</dt>
          <dd className={`tabular trend-${trendOf(overview?.todayProfit)}`} data-testid="today-profit">
            {money(overview?.todayProfit, true)}
          </dd>
        </div>
        <div>
          <dt>{t('trade.floatingProfit')}</dt>
          <dd className={`tabular trend-${trendOf(overview?.floatingProfit)}`} data-testid="floating-profit">
            {money(overview?.floatingProfit, true)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

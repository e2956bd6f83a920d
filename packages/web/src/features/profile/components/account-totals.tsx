import { useTranslation } from 'react-i18next';
import { useFundingOverview } from '../../../api/funds/get-funding-overview';
import { formatMoney, trendOf } from '../../../lib/format-number';

/** The signed-in user's money in USD: total assets, what is available, and today's profit. */
export function AccountTotals() {
  const { t } = useTranslation();
  const overview = useFundingOverview();
  const data = overview.data;
  const money = (value: number | undefined, signed = false) => (value === undefined ? '--' : formatMoney(value, 'USD', { signed }));
  return (
    <section className="card totals-card" aria-label={t('account.assets')} aria-busy={data ? undefined : true}>
      <p className="summary-label">{t('account.totalAssets')}</p>
      <p className="summary-total tabular" data-testid="account-total-assets">
        {money(data?.totalAssets)}
      </p>
      <dl className="summary-grid summary-grid-two">
        <div>
          <dt>{t('account.available')}</dt>
          <dd className="tabular" data-testid="account-available">
            {money(data?.available)}
          </dd>
        </div>
        <div>
          <dt>{t('account.todayProfit')}</dt>
          <dd className={`tabular trend-${trendOf(data?.todayProfit)}`} data-testid="account-today-profit">
            {money(data?.todayProfit, true)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

import { type EquityPoint, type EquityRange, type KlinePoint, equityRanges } from '@tradewind/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPriceChart } from '../chart/lazy-price-chart';
import { LoadError } from '../load-error';
import { formatMoney, trendOf } from '../../lib/format-number';
import { useEquityHistory } from '../../api/funds/get-equity-history';
import './equity-chart.css';

/** A day (YYYY-MM-DD) as chart time: its noon UTC, the same date in every zone from UTC−11 to UTC+11. */
const dayTime = (day: string) => Math.floor(Date.parse(`${day}T12:00:00Z`) / 1000);

function toChartPoints(points: readonly EquityPoint[]): KlinePoint[] {
  return points.map((p) => {
    const value = p.valueMinor / 100;
    return { k: dayTime(p.day), o: value, open: value, high: value, low: value, close: value, volume: 0 };
  });
}

/**
 * The account value over time (issue 20) with a 1W / 1M / 3M / 1Y / All switch, the P&L over the
 * range net of deposits and withdrawals, and today's live value as the last point. Shown on Account
 * and on the Trade tab; a new account (one point) sees why there is no line yet.
 */
export function EquityChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState<EquityRange>('1M');
  const history = useEquityHistory(range);
  const data = history.data;
  const money = (minor: number | undefined, signed = false) => (minor === undefined ? '--' : formatMoney(minor / 100, 'USD', { signed }));
  const rangeLabel = (key: EquityRange) => t(`equity.range${key}`);
  const drawable = data !== undefined && data.points.length > 1;

  return (
    <section className="card equity-card" aria-label={t('equity.title')} aria-busy={data ? undefined : true} data-testid="equity-card">
      <p className="summary-label">{t('equity.title')}</p>
      <dl className="equity-figures">
        <div>
          <dt>{t('equity.pnl')}</dt>
          <dd className={`tabular trend-${trendOf(data?.pnlMinor)}`} data-testid="equity-pnl">
            {money(data?.pnlMinor, true)}
          </dd>
        </div>
        <div>
          <dt>{t('equity.netDeposits')}</dt>
          <dd className="tabular" data-testid="equity-net-deposits">
            {money(data?.netDepositsMinor, true)}
          </dd>
        </div>
      </dl>
      <div className="chart-ranges equity-ranges" role="group" aria-label={t('equity.ranges')}>
        {equityRanges.map((key) => (
          <button
            key={key}
            type="button"
            className={key === range ? 'chart-range chart-range-active' : 'chart-range'}
            aria-pressed={key === range}
            onClick={() => setRange(key)}
          >
            {rangeLabel(key)}
          </button>
        ))}
      </div>
      <div className={history.isPlaceholderData ? 'equity-body chart-body-loading' : 'equity-body'} data-testid="equity-chart" data-points={data?.points.length}>
        {history.isError && !data ? (
          <LoadError message={t('equity.loadFailed')} onRetry={() => void history.refetch()} />
        ) : drawable ? (
          <LazyPriceChart
            points={toChartPoints(data.points)}
            kind="area"
            interval={86_400}
            precision={2}
            trend={trendOf(data.pnlMinor)}
            height={180}
            label={t('equity.chartLabel', { range: rangeLabel(range) })}
          />
        ) : data ? (
          <p className="equity-empty">{t('equity.empty')}</p>
        ) : (
          <div className="equity-skeleton skeleton" />
        )}
      </div>
    </section>
  );
}

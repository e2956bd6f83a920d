import type { BacktestResult } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice, formatSignedPercent } from '../../../lib/format-number';
import { RobotFigures, toneOf } from './robot-figures';

const SHOWN_TRADES = 20;
/** Robots trade US stocks, priced in cents. */
const PRICE_DIGITS = 2;

/** What the chosen parameters would have done over the instrument's history. */
export function BacktestResultCard({ result }: { result: BacktestResult }) {
  const { t } = useTranslation();
  const money = (value: number, signed = false) => formatMoney(value, result.currency, { signed });
  const period = result.fromTimestamp && result.toTimestamp ? `${formatDate(result.fromTimestamp, DateFormat.date)} – ${formatDate(result.toTimestamp, DateFormat.date)}` : '--';
  const trades = result.trades.slice(-SHOWN_TRADES).reverse();
  return (
    <section className="card order-card robot-backtest" aria-label={t('robots.backtestTitle')}>
      <h2 className="section-title">{t('robots.backtestTitle')}</h2>
      <RobotFigures
        label={t('robots.backtestTitle')}
        figures={[
          { key: 'period', label: t('robots.period', { bars: result.bars, interval: t(`robots.intervals.${result.interval}`) }), value: period },
          { key: 'trades', label: t('robots.tradeCount'), value: String(result.trades.length) },
          { key: 'pnl', label: t('robots.finalPnl'), value: money(result.finalPnl, true), tone: toneOf(result.finalPnl) },
          { key: 'return', label: t('robots.return'), value: formatSignedPercent(result.returnPercent), tone: toneOf(result.returnPercent) },
          { key: 'drawdown', label: t('robots.maxDrawdown'), value: `${money(result.maxDrawdown)} (${formatSignedPercent(-result.maxDrawdownPercent)})` },
        ]}
      />
      {trades.length === 0 ? (
        <p className="list-empty">{t('robots.noBacktestTrades')}</p>
      ) : (
        <ul className="robot-trades" aria-label={t('robots.backtestTrades')}>
          {trades.map((trade, i) => (
            <li key={`${trade.time}-${i}`} className="robot-trade">
              <span className={trade.side === 'buy' ? 'trend-rise' : 'trend-fall'}>{t(`robots.side.${trade.side}`)}</span>
              <span className="tabular">
                {trade.quantity} @ {formatPrice(trade.price, PRICE_DIGITS)}
              </span>
              <span className="tabular">{trade.profit === null ? formatDate(trade.time, DateFormat.date) : money(trade.profit, true)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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
  // Oldest first (as they happened), the latest SHOWN_TRADES of them: each row has its date and time,
  // and an exit carries its round trip's P&L and the number of the entry it closes.
  const trades = result.trades.slice(-SHOWN_TRADES);
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
        <>
          <p className="robot-trades-hint">{t('robots.backtestTradesHint')}</p>
          <ul className="robot-trades" aria-label={t('robots.backtestTrades')}>
            {trades.map((trade, i) => (
              <li key={`${trade.time}-${i}`} className="robot-trade" aria-label={t('robots.roundTrip', { n: trade.roundTrip })}>
                <span className={trade.side === 'buy' ? 'trend-rise' : 'trend-fall'}>
                  {t(`robots.side.${trade.side}`)} <span className="robot-trade-trip">{`#${trade.roundTrip}`}</span>
                </span>
                <span className="tabular">
                  {trade.quantity} @ {formatPrice(trade.price, PRICE_DIGITS)}
                </span>
                <time className="tabular" dateTime={new Date(trade.time * 1000).toISOString()}>
                  {formatDate(trade.time, DateFormat.dayTime)}
                </time>
                {trade.profit !== null && (
                  <p className="robot-trade-pnl" data-testid="round-trip-pnl">
                    <span>{t('robots.roundTripPnl', { n: trade.roundTrip, price: trade.entryPrice === null ? '--' : formatPrice(trade.entryPrice, PRICE_DIGITS) })}</span>
                    <span className={`tabular trend-${toneOf(trade.profit)}`}>{money(trade.profit, true)}</span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

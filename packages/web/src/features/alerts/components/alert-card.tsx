import type { PriceAlert } from '@tradewind/contract';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-number';
import { useAlertsTranslation } from '../i18n/use-alerts-translation';

const digits = (value: number) => Math.min(Math.max(String(value).split('.')[1]?.length ?? 0, 2), 5);
const price = (value: number) => formatPrice(value, digits(value));

/** One alert: what fires it, whether it has fired (and at what), and delete. */
export function AlertCard({ alert, onDelete, busy }: { alert: PriceAlert; onDelete: (alert: PriceAlert) => void; busy: boolean }) {
  const { t } = useAlertsTranslation();
  const line =
    alert.kind === 'price'
      ? t(alert.direction === 'above' ? 'line.above' : 'line.below', { price: price(alert.targetPrice) })
      : t(alert.direction === 'above' ? 'line.up' : 'line.down', { percent: alert.percent ?? 0, base: price(alert.basePrice), price: price(alert.targetPrice) });
  const fired = alert.status === 'triggered';
  return (
    <article className="card order-row-card" aria-label={`${alert.name} ${alert.stockCode}`} data-alert-id={alert.id}>
      <header className="position-head">
        <div className="position-names">
          <h3 className="position-name">{alert.name}</h3>
          <p className="position-meta">
            <span className="quote-header-code">{alert.stockCode}</span>
            <span className={fired ? 'leverage-badge alert-fired' : 'leverage-badge'} data-testid="alert-status">
              {fired ? t('triggered') : t('active')}
            </span>
          </p>
        </div>
        <button type="button" className="danger-pill small-pill" onClick={() => onDelete(alert)} disabled={busy}>
          {t('delete')}
        </button>
      </header>
      <p className="tabular" data-testid="alert-line">
        {line}
      </p>
      <p className="row-time">
        {fired && alert.triggeredPrice !== null
          ? t('firedAt', { price: price(alert.triggeredPrice), time: formatDate(alert.triggeredTimestamp, DateFormat.dateTime) })
          : t('setAt', { time: formatDate(alert.createTimestamp, DateFormat.dateTime) })}
      </p>
    </article>
  );
}

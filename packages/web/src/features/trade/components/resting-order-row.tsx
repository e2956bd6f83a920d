import type { Order } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { DirectionBadge } from './direction-badge';
import { useTimeInForceName } from './time-in-force-field';
import { priceDigits } from './position-card';

/** A limit, stop or stop-limit order waiting for its price, with the funds it holds and a way to cancel it. */
export function RestingOrderRow({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const stop = order.triggerPrice !== null;
  const timeInForce = useTimeInForceName()(order.timeInForce);
  return (
    <article className="card order-row-card" aria-label={`${order.name} ${order.stockCode}`}>
      <header className="position-head">
        <div className="position-names">
          <h3 className="position-name">{order.name}</h3>
          <p className="position-meta">
            <span className="quote-header-code">{order.stockCode}</span>
            <DirectionBadge direction={order.direction} />
            <span className="leverage-badge">{order.leverage}×</span>
            {stop ? <span className="leverage-badge">{order.orderType === 3 ? ts('type.stopLimit') : ts('type.stop')}</span> : null}
          </p>
        </div>
        <button type="button" className="danger-pill small-pill" onClick={() => onCancel(order)}>
          {t('trade.cancelOrder')}
        </button>
      </header>
      <dl className="position-facts">
        {stop && order.triggerPrice !== null ? (
          <div>
            <dt>{ts('trigger')}</dt>
            <dd className="tabular" data-testid="order-trigger">
              {formatPrice(order.triggerPrice, priceDigits(order.triggerPrice))} · {order.triggered ? ts('triggered') : ts('waiting')}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('trade.limitPrice')}</dt>
          <dd className="tabular">{order.price === null ? '--' : formatPrice(order.price, priceDigits(order.price))}</dd>
        </div>
        <div>
          <dt>{t('trade.quantity')}</dt>
          <dd className="tabular">{order.quantity}</dd>
        </div>
        <div>
          <dt>{t('trade.frozen')}</dt>
          <dd className="tabular">{formatMoney(order.margin + order.fee, order.currency)}</dd>
        </div>
        {timeInForce ? (
          <div className="order-time-in-force">
            <dt>{ts('tif.label')}</dt>
            <dd data-testid="order-tif">
              {timeInForce}
              {order.expiresTimestamp !== null ? ` · ${ts('entry.expires', { date: formatDate(order.expiresTimestamp, DateFormat.dateTime) })}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="row-time">{formatDate(order.createTimeTimestamp, DateFormat.dateTime)}</p>
    </article>
  );
}

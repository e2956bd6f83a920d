import type { Order } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice } from '../../../lib/format-number';
import { DirectionBadge } from './direction-badge';
import { priceDigits } from './position-card';

/** A limit order waiting for its price, with the funds it holds and a way to cancel it. */
export function RestingOrderRow({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const { t } = useTranslation();
  return (
    <article className="card order-row-card" aria-label={`${order.name} ${order.stockCode}`}>
      <header className="position-head">
        <div className="position-names">
          <h3 className="position-name">{order.name}</h3>
          <p className="position-meta">
            <span className="quote-header-code">{order.stockCode}</span>
            <DirectionBadge direction={order.direction} />
            <span className="leverage-badge">{order.leverage}×</span>
          </p>
        </div>
        <button type="button" className="danger-pill small-pill" onClick={() => onCancel(order)}>
          {t('trade.cancelOrder')}
        </button>
      </header>
      <dl className="position-facts">
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
      </dl>
      <p className="row-time">{formatDate(order.createTimeTimestamp, DateFormat.dateTime)}</p>
    </article>
  );
}

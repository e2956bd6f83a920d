import { AssetSource, OrderStatus, type Order, type Position } from '@tradewind/contract';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { formatMoney, formatPrice, trendOf } from '../../../lib/format-number';
import { useStopsTranslation } from '../i18n/use-stops-translation';
import { DirectionBadge } from './direction-badge';
import { useTimeInForceName } from './time-in-force-field';
import { priceDigits } from './position-card';

/** SPEC §4 order status: 0 and 3 in progress, 1 success, 2 cancelled. */
function statusKey(status: number) {
  switch (status) {
    case OrderStatus.Success:
      return 'trade.statusSuccess' as const;
    case OrderStatus.Cancelled:
      return 'trade.statusCancelled' as const;
    default:
      return 'trade.statusInProgress' as const;
  }
}

/** One order of the history: opening or closing, filled, resting or cancelled, with its result. */
export function OrderHistoryRow({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { t: ts } = useStopsTranslation();
  const timeInForce = useTimeInForceName()(order.timeInForce);
  const closing = order.openClose === 1;
  const price = order.fillPrice ?? order.price;
  const typeName =
    order.source === AssetSource.BlockTrade
      ? t('desk.blockOrder')
      : ({ 1: t('order.limit'), 2: ts('type.stop'), 3: ts('type.stopLimit') } as Record<number, string>)[order.orderType] ?? t('order.market');
  return (
    <li className="history-row">
      <div className="history-main">
        <p className="history-title">
          <span className="position-name">{order.name}</span>
          <span className="quote-header-code">{order.stockCode}</span>
        </p>
        <p className="position-meta">
          <span className={closing ? 'open-close-badge open-close-badge-close' : 'open-close-badge'}>{closing ? t('trade.closing') : t('trade.opening')}</span>
          {/* A closing order trades the other way; it is labelled by the position it closes. */}
          <DirectionBadge direction={closing ? 1 - order.direction : order.direction} />
          <span>{typeName}</span>
          {timeInForce ? <span data-testid="order-tif">{timeInForce}</span> : null}
          {/* Cancelled by its time in force running out, not by its owner. */}
          <span className={`status-badge status-${order.status}`}>{order.expired ? t('trade.statusExpired') : t(statusKey(order.status))}</span>
        </p>
        <p className="row-time">{formatDate(order.createTimeTimestamp, DateFormat.dateTime)}</p>
      </div>
      <div className="history-figures">
        <span className="tabular">
          {order.quantity} @ {price === null ? '--' : formatPrice(price, priceDigits(price))}
        </span>
        {closing && order.profit !== null ? (
          <span className={`tabular trend-${trendOf(order.profit)}`} data-testid="order-profit">
            {formatMoney(order.profit, order.currency, { signed: true })}
          </span>
        ) : (
          <span className="history-fee tabular" data-testid="order-fee">
            {/* A cancelled order never filled and was charged nothing (its hold was released): no fee to show. */}
            {t('order.fee')} {order.status === OrderStatus.Cancelled ? '—' : formatMoney(order.fee, order.currency)}
          </span>
        )}
      </div>
    </li>
  );
}

const closedStatusKey = {
  open: 'trade.statusOpen',
  closed: 'trade.statusClosed',
  liquidated: 'trade.statusLiquidated',
  expired: 'trade.statusExpired',
} as const;

/** A position that ended (closed, liquidated, expired) with its realised profit (`sellProfit`). */
export function ClosedPositionRow({ position }: { position: Position }) {
  const { t } = useTranslation();
  return (
    <li className="history-row">
      <div className="history-main">
        <p className="history-title">
          <span className="position-name">{position.name}</span>
          <span className="quote-header-code">{position.stockCode}</span>
        </p>
        <p className="position-meta">
          <DirectionBadge direction={position.direction} />
          <span className="leverage-badge">{position.leverage}×</span>
          <span className={`status-badge status-${position.status}`}>{t(closedStatusKey[position.status])}</span>
        </p>
        <p className="row-time">{formatDate(position.modifyTimeTimestamp, DateFormat.dateTime)}</p>
      </div>
      <div className="history-figures">
        <span className="history-fee tabular">
          {t('trade.openedAt')} {formatPrice(position.openPrice, priceDigits(position.openPrice))}
        </span>
        <span className={`tabular trend-${trendOf(position.sellProfit)}`} data-testid="realised-profit">
          {formatMoney(position.sellProfit, position.currency, { signed: true })}
        </span>
      </div>
    </li>
  );
}

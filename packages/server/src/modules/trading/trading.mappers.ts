import { OrderStatus, fromMinor, type Order, type Position } from '@tradewind/contract';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { toSeconds } from '../../lib/clock.js';
import type { TradingDeps } from './trading-deps.js';
import { quoteSourceOf } from './trading-rules.js';
import { positionValue, quote, type PositionValue } from './trading-pricing.js';

export function toOrder(deps: TradingDeps, row: OrderRow): Order {
  const instrument = deps.market.catalog.get(quoteSourceOf(row.source), row.stockCode);
  // A cancelled order never filled: its hold was voided and no posting was written, so it cost
  // nothing. The row keeps what was reserved (fee, margin); the order answers what it charged.
  const charged = row.status !== OrderStatus.Cancelled;
  return {
    id: row.id,
    stockCode: row.stockCode,
    name: instrument?.name ?? row.stockCode,
    market: instrument?.market ?? '',
    source: row.source,
    direction: row.direction,
    orderType: row.orderType,
    openClose: row.openClose,
    status: row.status as Order['status'],
    price: row.price,
    triggerPrice: row.triggerPrice,
    triggered: row.triggeredAt !== null,
    quantity: row.quantity,
    leverage: row.leverage,
    fillPrice: row.fillPrice,
    fee: charged ? fromMinor(row.fee) : 0,
    margin: charged ? fromMinor(row.margin) : 0,
    currency: row.currency,
    positionId: row.positionId,
    profit: row.profit === null ? null : fromMinor(row.profit),
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    contract: row.contract,
    timeInForce: row.timeInForce,
    expiresTimestamp: row.expiresAt ? toSeconds(row.expiresAt) : null,
    expired: row.expiredAt !== null,
    createTimeTimestamp: toSeconds(row.createdAt),
    modifyTimeTimestamp: toSeconds(row.updatedAt),
  };
}

/** A position as the apps show it; `value` is its worth at the quote now when the caller has worked it out already. */
export function toPosition(deps: TradingDeps, row: PositionRow, value?: PositionValue): Position {
  const instrument = deps.market.catalog.get(quoteSourceOf(row.source), row.stockCode);
  let nowPrice = row.openPrice;
  let profit = 0;
  let risk: Pick<Position, 'liquidationPrice' | 'marginRatio'> = { liquidationPrice: null, marginRatio: null };
  if (instrument && row.status === 'open') {
    const now = value ?? positionValue(deps, row, instrument, quote(deps, instrument));
    nowPrice = now.exit;
    profit = now.pnl;
    risk = { liquidationPrice: now.liquidationPrice, marginRatio: now.marginRatio };
  }
  return {
    id: row.id,
    stockCode: row.stockCode,
    name: instrument?.name ?? row.stockCode,
    market: instrument?.market ?? '',
    source: row.source,
    direction: row.direction,
    // A closed position shows what was closed and where; an open one what is held now.
    positionNum: row.status === 'open' ? row.quantity : row.closedQuantity,
    openPrice: row.openPrice,
    nowPrice: row.status === 'open' ? nowPrice : (row.closePrice ?? nowPrice),
    leverage: row.leverage,
    isolatedPosition: fromMinor(row.margin),
    profit: fromMinor(profit),
    zdf: row.margin > 0 ? Math.round((profit / row.margin) * 10_000) / 100 : 0,
    sellProfit: fromMinor(row.realizedPnl),
    currency: row.currency,
    liquidationEquity: fromMinor(Math.round(row.margin * deps.config.LIQUIDATION_MARGIN_RATIO)),
    ...risk,
    status: row.status,
    expiresTimestamp: row.expiresAt ? toSeconds(row.expiresAt) : null,
    contract: row.contract,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    createTimeTimestamp: toSeconds(row.createdAt),
    modifyTimeTimestamp: toSeconds(row.updatedAt),
  };
}

/** A quantity as people read it: a follow's units as shares (4 decimals), anything else as is. */
export const shownQuantity = (quantity: number, position: { followId: number | null; multiplier: number }) =>
  position.followId === null ? quantity : Number((quantity * position.multiplier).toFixed(4));

export function publish(deps: TradingDeps, result: { order: OrderRow; position: PositionRow | null }): Order {
  announce(deps, result);
  return toOrder(deps, result.order);
}

/** Tells the engine's index and the owner's channel of a committed order (and the position it opened, with its row version when known). */
export function announce(deps: TradingDeps, result: { order: OrderRow; position: PositionRow | null }, version?: string): void {
  deps.events.orderChanged(result.order);
  if (result.position) deps.events.positionChanged(result.position, version);
}

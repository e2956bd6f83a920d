import { DEFAULT_TIME_IN_FORCE, GTC_MAX_DAYS, OrderType, type TimeInForce } from '@tradewind/contract';
import { currentOrNextSession, type TradingCalendar } from '../market/index.js';

const DAY_MS = 86_400_000;

/**
 * Time in force of an order being placed (issue 20): limit, stop and stop-limit orders are DAY or
 * GTC (GTC when not said, as every resting order was before); a market order has none.
 */
export function timeInForceOf(orderType: number, asked: TimeInForce | undefined): TimeInForce | null {
  return orderType === OrderType.Market ? null : (asked ?? DEFAULT_TIME_IN_FORCE);
}

/**
 * When a resting order placed at `now` expires unless it fills or is cancelled first.
 * - DAY: the close of the instrument's session it is placed in (orders are only taken while the
 *   market is open, so that is the session containing `now`). Forex trades around the clock from
 *   Sunday to Friday in daily sessions that close at 17:00 New York (the FX rollover), so a forex
 *   DAY order expires at the next 17:00 New York. Futures sessions close at 16:00 Chicago. With
 *   the demo setting that keeps markets open, a session is the calendar's local day, and a DAY
 *   order expires at the next local midnight of its market.
 * - GTC: {@link GTC_MAX_DAYS} days after it was placed.
 */
export function orderExpiresAt(calendar: TradingCalendar, timeInForce: TimeInForce, now: Date): Date {
  if (timeInForce === 'DAY') return new Date(currentOrNextSession(calendar, now.getTime()).close);
  return new Date(now.getTime() + GTC_MAX_DAYS * DAY_MS);
}

/** Whether a resting order's time is up at `now` (an order without an expiry never is). */
export function isExpired(order: { expiresAt: Date | null }, now: Date): boolean {
  return order.expiresAt !== null && order.expiresAt.getTime() <= now.getTime();
}

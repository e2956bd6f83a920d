import { OrderDirection } from '@tradewind/contract';
import type { PositionRow } from '../../db/schema.js';
import { deliverMessage } from '../inbox/index.js';
import { inTransaction } from '../ledger/index.js';
import * as repo from './trading.repository.js';
import * as notices from './near-liquidation.repository.js';
import { quoteSourceOf } from './trading-rules.js';
import type { TradingDeps } from './trading-deps.js';
import { positionValue, quoteIfPriced } from './trading-pricing.js';
import { shownNumber, shownPrice } from '../../i18n/shown-values.js';

/*
 * The near-liquidation notice (docs/ledger-and-trading.md, "Near-liquidation notice"). The engine
 * on the leader looks at every open position it marks; once its margin ratio reaches
 * NEAR_LIQUIDATION_MARGIN_RATIO the owner gets one inbox notice, pushed live to their open apps.
 *
 * Once per approach: the notice is stored as a row of near_liquidation_notices with the margin it
 * was sent at. It is armed again when
 *   - the margin ratio falls back below the threshold by REARM_BAND points (the row is deleted),
 *     so a price wobbling around the threshold does not send a notice per wobble; or
 *   - the position's margin differs from the row's (margin was added): the user acted, and if the
 *     position is still near, they are told again.
 * The row is written with the notice in one transaction by an upsert that only succeeds when there
 * was no row or its margin differs, so concurrent evaluations, a restart or a second process send
 * it once.
 */

/** Percentage points under the threshold the margin ratio must fall back to before a new approach counts. */
export const REARM_BAND = 10;

export interface PositionRiskNow {
  /** Percent, 100 = liquidation (contract marginRatio). */
  marginRatio: number;
  /** Exit price at which the engine liquidates, on the tick grid (contract liquidationPrice). */
  liquidationPrice: number | null;
  /** The instrument's price precision (how its prices are written). */
  precision: number;
}

/** The position's margin ratio and liquidation price at the current quote; undefined when it cannot be priced now. */
export function riskNow(deps: TradingDeps, position: PositionRow): PositionRiskNow | undefined {
  const instrument = deps.market.catalog.get(quoteSourceOf(position.source), position.stockCode);
  const q = instrument && quoteIfPriced(deps, instrument);
  if (!instrument || !q) return undefined;
  const value = positionValue(deps, position, instrument, q);
  return { marginRatio: value.marginRatio, liquidationPrice: value.liquidationPrice, precision: instrument.precision };
}

/** What the engine should do about a position at this margin ratio: warn, re-arm, or nothing. */
export function nearLiquidationState(threshold: number, ratio: number): 'near' | 'clear' | 'hold' {
  if (ratio >= threshold) return 'near';
  if (ratio < threshold - REARM_BAND) return 'clear';
  return 'hold';
}

/**
 * Sends the notice if the position is near liquidation now and was not told at its current margin.
 * Returns the margin the stored notice is at (sent now or before), or null when none applies.
 */
export async function sendNearLiquidationNotice(deps: TradingDeps, positionId: number): Promise<{ sent: boolean; margin: number | null }> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const position = await repo.lockPosition(tx, positionId);
    if (!position || position.status !== 'open' || position.followId !== null) return { sent: false, margin: null };
    const risk = riskNow(deps, position);
    if (!risk || nearLiquidationState(deps.config.NEAR_LIQUIDATION_MARGIN_RATIO, risk.marginRatio) !== 'near') {
      return { sent: false, margin: await notices.noticedMargin(tx, positionId) };
    }
    const recorded = await notices.recordNotice(tx, { positionId, margin: position.margin, marginRatio: risk.marginRatio.toFixed(2), notifiedAt: now });
    if (!recorded) return { sent: false, margin: position.margin };
    const long = position.direction === OrderDirection.Buy;
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: position.userId,
      createdAt: now,
      notice: {
        title: 'notice.nearLiquidationTitle',
        body: long ? 'notice.nearLiquidationLongBody' : 'notice.nearLiquidationShortBody',
        params: { quantity: position.quantity, code: position.stockCode, ratio: shownNumber(risk.marginRatio, 2), price: risk.liquidationPrice === null ? '--' : shownPrice(risk.liquidationPrice, risk.precision) },
      },
    });
    return { sent: true, margin: position.margin };
  });
}

/** The position moved back out: its next approach is told again. */
export async function rearmNearLiquidation(deps: TradingDeps, positionId: number): Promise<void> {
  await notices.deleteNotice(deps.db, positionId);
}

/** Position id → margin at which its notice was sent, for the open positions; rows of closed positions are dropped. */
export async function noticedPositions(deps: TradingDeps): Promise<Map<number, number>> {
  return notices.openPositionNotices(deps.db);
}


import { OrderDirection, OrderStatus, OrderType, closeEstimate } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { systemAccount, SystemAccount, walletAccount as walletAccountOf, type LocalizedText } from '../ledger/index.js';
import { isOpenAt } from '../market/index.js';
import type { Notice } from '../inbox/index.js';
import { shownMoney, shownPrice } from '../../i18n/shown-values.js';
import type * as repo from './trading.repository.js';
import type { TradingDeps } from './trading-deps.js';
import { rulesFor } from './trading-rules.js';
import { exitPrice, instrumentOfRow } from './trading-pricing.js';
import { shownQuantity } from './trading.mappers.js';

// What closing a position writes, decided in memory from the position's row: the same figures
// whether the row was read under its lock (one close, one transaction) or read ahead for a batch
// whose statement then checks the row has not changed since (close-batcher.ts).

export type CloseReason = 'user' | 'liquidation' | 'expiry' | 'take_profit' | 'stop_loss';

export interface CloseRequest {
  /** null: the house closes (engine, follow), which may close any position. */
  userId: number | null;
  positionId: number;
  /** Part of the position; the whole of it when omitted. */
  quantity: number | undefined;
  reason: CloseReason;
}

/** The accounts a close posts to: the owner's wallet and the house margin, fees and profit-and-loss accounts. */
export interface CloseAccounts {
  wallet: number;
  margin: number;
  fees: number;
  house: number;
}

export async function closeAccounts(db: Database, position: PositionRow, now: Date): Promise<CloseAccounts> {
  return {
    wallet: await walletAccountOf(db, position.userId, position.walletType, position.currency, now),
    margin: await systemAccount(db, SystemAccount.Margin, position.currency, now),
    fees: await systemAccount(db, SystemAccount.Fees, position.currency, now),
    house: await systemAccount(db, SystemAccount.BrokerPnl, position.currency, now),
  };
}

/** The refusals of a close, judged on the position's row; answers how much closes. */
export function checkClose(deps: TradingDeps, position: PositionRow | undefined, request: CloseRequest, now: Date): { position: PositionRow; closing: number } {
  const { userId, quantity, reason } = request;
  if (!position || (userId !== null && position.userId !== userId)) throw AppError.notFound('position.notFound');
  if (position.status !== 'open') throw AppError.conflict('position.alreadyClosed');
  if (reason === 'user' && position.followId !== null) throw AppError.conflict('position.followLocked');
  const closing = quantity ?? position.quantity;
  if (closing > position.quantity) throw AppError.badRequest('position.closeTooLarge', { max: position.quantity });
  const instrument = instrumentOfRow(deps, position);
  if (reason === 'user' && !isOpenAt(instrument.calendar, now.getTime())) throw AppError.badRequest('market.closed', { code: instrument.code });
  return { position, closing };
}

/**
 * The close order's values, the journal entry's lines and memo, and the position's new figures.
 * Realised profit and the released margin return to the wallet less the fee; a loss beyond the
 * isolated margin is the house's, never the user's.
 */
export function closeTerms(deps: TradingDeps, position: PositionRow, closing: number, reason: CloseReason, accounts: CloseAccounts, now: Date) {
  const instrument = instrumentOfRow(deps, position);
  const q = exitPrice(deps, position);
  const rules = rulesFor(deps.config, instrument);
  // The contract's closeEstimate: the web's close page shows these very figures before the user confirms.
  const estimate = closeEstimate({
    direction: position.direction,
    openPrice: position.openPrice,
    exitPrice: q.exit,
    positionQuantity: position.quantity,
    quantity: closing,
    marginMinor: position.margin,
    multiplier: position.multiplier,
    rate: q.rate,
    feeRate: rules.feeRate,
    minFee: rules.minFee,
    feeFree: position.followId !== null,
  });
  const { releasedMinor: released, pnlMinor: pnlBooked, feeMinor: feeCharged, creditMinor: credit } = estimate;
  const order: repo.NewOrder = {
    userId: position.userId,
    source: position.source,
    stockCode: position.stockCode,
    direction: position.direction === OrderDirection.Buy ? OrderDirection.Sell : OrderDirection.Buy,
    orderType: OrderType.Market,
    openClose: 1,
    status: OrderStatus.Success,
    quantity: closing,
    leverage: position.leverage,
    fillPrice: q.exit,
    fee: feeCharged,
    margin: released,
    profit: pnlBooked - feeCharged,
    currency: position.currency,
    walletType: position.walletType,
    positionId: position.id,
    followId: position.followId,
    reason,
    createdAt: now,
    updatedAt: now,
  };
  const memo: LocalizedText = {
    key: 'memo.close',
    params: { quantity: shownQuantity(closing, position), code: position.stockCode, price: shownPrice(q.exit, instrument.precision) },
  };
  const entry = {
    // A follow's term end reads as the close it is, not as a futures settlement.
    kind: reason === 'user' || reason === 'take_profit' || reason === 'stop_loss' || position.followId !== null ? ('order-close' as const) : reason,
    userId: position.userId,
    memo,
    lines: [
      { accountId: accounts.margin, currency: position.currency, amount: -released },
      { accountId: accounts.house, currency: position.currency, amount: -pnlBooked },
      { accountId: accounts.fees, currency: position.currency, amount: feeCharged },
      { accountId: accounts.wallet, currency: position.currency, amount: credit },
    ],
  };
  const remaining = position.quantity - closing;
  const update = {
    quantity: remaining,
    closedQuantity: position.closedQuantity + closing,
    closePrice: q.exit,
    margin: position.margin - released,
    realizedPnl: position.realizedPnl + pnlBooked - feeCharged,
    status: remaining > 0 ? ('open' as const) : reason === 'liquidation' ? ('liquidated' as const) : reason === 'expiry' ? ('expired' as const) : ('closed' as const),
    updatedAt: now,
  };
  return { instrument, exit: q.exit, result: pnlBooked - feeCharged, credit, order, entry, update };
}

/**
 * What the owner is told of a close the house made, or null: a user's own close tells nothing, and a follow's
 * term end is told once, by the follow, for all its positions.
 */
export function closeNotice(position: PositionRow, closing: number, reason: CloseReason, terms: Pick<ReturnType<typeof closeTerms>, 'exit' | 'instrument' | 'result'>): Notice | null {
  if (reason === 'user' || (reason === 'expiry' && position.followId !== null)) return null;
  const long = position.direction === OrderDirection.Buy;
  const params = { quantity: closing, code: position.stockCode, price: shownPrice(terms.exit, terms.instrument.precision), result: shownMoney(terms.result, position.currency, { signed: true }) };
  if (reason === 'take_profit' || reason === 'stop_loss') {
    return { title: reason === 'take_profit' ? 'notice.takeProfitTitle' : 'notice.stopLossTitle', body: long ? 'notice.levelLongBody' : 'notice.levelShortBody', params };
  }
  const liquidated = reason === 'liquidation';
  return {
    title: liquidated ? 'notice.liquidatedTitle' : 'notice.expiredTitle',
    body: liquidated ? (long ? 'notice.liquidatedLongBody' : 'notice.liquidatedShortBody') : long ? 'notice.expiredLongBody' : 'notice.expiredShortBody',
    params,
  };
}

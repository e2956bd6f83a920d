import { OrderDirection, type Order, type Position, type SetTpSlBody } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type AfterCommit, idempotent, inTransaction, post, walletAccount as walletAccountOf, systemAccount, SystemAccount } from '../ledger/index.js';
import { isOpenAt } from '../market/index.js';
import { deliverMessage } from '../inbox/index.js';
import * as repo from './trading.repository.js';
import type { TradingDeps } from './trading-deps.js';
import { CLOSE_ROUTE, closeBatched } from './batched-close.js';
import { checkClose, closeAccounts, closeNotice, closeTerms, type CloseReason, type CloseRequest } from './close-terms.js';
import { exitPrice, instrumentOfRow, tpSlReached } from './trading-pricing.js';
import { publish, toOrder, toPosition } from './trading.mappers.js';

// An open position's changes: closed (by its owner, a trigger, liquidation or expiry), its levels set, margin added.

export type { CloseReason } from './close-terms.js';

/**
 * Closes a position whose take-profit or stop-loss the exit price has reached, deciding again on the
 * position's row: in a close batch on the row it has (written only if that is still the row), else
 * under the row's lock. A position closes once, whatever the number of ticks or processes that saw
 * both levels crossed. Answers the close order, or null when there was nothing to do.
 */
export async function closeOnTrigger(deps: TradingDeps, positionId: number): Promise<Order | null> {
  const alone = () => {
    const now = deps.clock.now();
    return inTransaction(deps.db, async (tx, afterCommit) => {
      const position = await repo.lockPosition(tx, positionId);
      if (!position || position.status !== 'open') return null;
      if (!isOpenAt(instrumentOfRow(deps, position).calendar, now.getTime())) return null;
      const reason = tpSlReached(position, exitPrice(deps, position).exit);
      if (!reason) return null;
      const done = await closeInTransaction(deps, tx, afterCommit, { userId: null, positionId, quantity: undefined, reason }, now);
      return toOrder(deps, done.order);
    });
  };
  // With the batch's other closes (issue 22): a price crossing many levels closes them in a few statements.
  if (deps.closeBatcher?.accepts(deps.db)) return closeBatched(deps, { userId: null, positionId, quantity: undefined, reason: 'level' }, undefined, alone);
  return alone();
}

/** A position changed outside the batchers: the close batcher reads it again rather than decide on the row it knew. */
function changedAlone(deps: TradingDeps, row: PositionRow): void {
  deps.closeBatcher?.known.forget(row.id);
  deps.events.positionChanged(row);
}

/** Sets, moves or clears the take-profit and stop-loss of the caller's open position; each must be on its side of the exit price now. */
export async function setTpSl(deps: TradingDeps, userId: number, body: SetTpSlBody): Promise<Position> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    const position = await repo.lockPosition(tx, body.id);
    if (!position || position.userId !== userId) throw AppError.notFound('position.notFound');
    if (position.status !== 'open') throw AppError.conflict('position.alreadyClosed');
    if (position.followId !== null) throw AppError.conflict('position.followLocked');
    const takeProfit = body.takeProfit === undefined ? position.takeProfit : body.takeProfit;
    const stopLoss = body.stopLoss === undefined ? position.stopLoss : body.stopLoss;
    const exit = exitPrice(deps, position).exit;
    const long = position.direction === OrderDirection.Buy;
    if (takeProfit !== null && (long ? takeProfit <= exit : takeProfit >= exit)) {
      throw AppError.badRequest(long ? 'position.takeProfitAbove' : 'position.takeProfitBelow', { price: exit });
    }
    if (stopLoss !== null && (long ? stopLoss >= exit : stopLoss <= exit)) {
      throw AppError.badRequest(long ? 'position.stopLossBelow' : 'position.stopLossAbove', { price: exit });
    }
    const updated = await repo.updatePosition(tx, position.id, { takeProfit, stopLoss, updatedAt: now });
    afterCommit(() => changedAlone(deps, updated));
    return toPosition(deps, updated);
  });
}

/**
 * Closes all or part of a position at market. Realised profit and the released margin return to
 * the wallet less the fee; a loss beyond the isolated margin is the house's, never the user's.
 */
export async function closePosition(
  deps: TradingDeps,
  userId: number | null,
  positionId: number,
  quantity: number | undefined,
  reason: CloseReason,
  idempotencyKey?: string,
): Promise<Order> {
  const alone = () => {
    const now = deps.clock.now();
    const work = async (tx: Database, afterCommit: AfterCommit) =>
      toOrder(deps, (await closeInTransaction(deps, tx, afterCommit, { userId, positionId, quantity, reason }, now)).order);
    // A user's close may carry an Idempotency-Key, so a retry after a lost answer cannot close twice.
    return userId !== null && idempotencyKey !== undefined
      ? idempotent(deps.db, { userId, key: idempotencyKey, route: CLOSE_ROUTE, body: { positionId, quantity }, now }, work)
      : inTransaction(deps.db, work);
  };
  // Closes go with others in one statement (issue 22); inside a caller's transaction a close joins that.
  // Only a level close ('level') can come back null, and this is not one.
  if (deps.closeBatcher?.accepts(deps.db)) return (await closeBatched(deps, { userId, positionId, quantity, reason }, idempotencyKey, alone))!;
  return alone();
}

/**
 * The close itself, inside the caller's transaction (a follow's term end closes all its positions
 * in one). `credit` is what the wallet received. `userId` null: the house closes (engine, follow).
 */
export async function closeInTransaction(
  deps: TradingDeps,
  tx: Database,
  afterCommit: AfterCommit,
  request: CloseRequest,
  now: Date,
): Promise<{ order: OrderRow; position: PositionRow; credit: number }> {
  const { position, closing } = checkClose(deps, await repo.lockPosition(tx, request.positionId), request, now);
  const { reason } = request;
  const terms = closeTerms(deps, position, closing, reason, await closeAccounts(tx, position, now), now);
  const order = await repo.insertOrder(tx, terms.order);
  await post(tx, { ...terms.entry, referenceType: 'order', referenceId: order.id }, now);
  const updated = await repo.updatePosition(tx, position.id, terms.update);
  const notice = closeNotice(position, closing, reason, terms);
  if (notice) await deliverMessage(tx, afterCommit, deps.notify, { userId: position.userId, notice, createdAt: now });
  afterCommit(() => {
    deps.closeBatcher?.known.forget(updated.id);
    publish(deps, { order, position: updated });
  });
  return { order, position: updated, credit: terms.credit };
}

export async function addMargin(deps: TradingDeps, userId: number, positionId: number, amount: number, idempotencyKey: string | undefined): Promise<Position> {
  const now = deps.clock.now();
  return idempotent(deps.db, { userId, key: idempotencyKey, route: '/position/addPositionMargin', body: { positionId, amount }, now }, async (tx, afterCommit) => {
    const position = await repo.lockPosition(tx, positionId);
    if (!position || position.userId !== userId) throw AppError.notFound('position.notFound');
    if (position.status !== 'open') throw AppError.conflict('position.alreadyClosed');
    // A follow's position is the follow's: its value is what the portfolio bought, not what was added.
    if (position.followId !== null) throw AppError.conflict('position.followLocked');
    const wallet = await walletAccountOf(tx, userId, position.walletType, position.currency, now);
    const margin = await systemAccount(tx, SystemAccount.Margin, position.currency, now);
    await post(
      tx,
      {
        kind: 'margin-add',
        userId,
        referenceType: 'position',
        referenceId: position.id,
        lines: [
          { accountId: wallet, currency: position.currency, amount: -amount },
          { accountId: margin, currency: position.currency, amount },
        ],
      },
      now,
    );
    const updated = await repo.updatePosition(tx, position.id, { margin: position.margin + amount, updatedAt: now });
    afterCommit(() => changedAlone(deps, updated));
    return toPosition(deps, updated);
  });
}

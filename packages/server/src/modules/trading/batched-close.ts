import type { Order } from '@tradewind/contract';
import type { PositionRow } from '../../db/schema.js';
import { idempotencyRequest, memoColumns, storedAnswer } from '../ledger/index.js';
import type { CloseRows } from './close-batch.repository.js';
import { checkClose, closeAccounts, closeTerms } from './close-terms.js';
import { orderRow, stored } from './batched-order.js';
import type { TradingDeps } from './trading-deps.js';
import { announce, toOrder } from './trading.mappers.js';

// A user's close through the process's close batcher: decided in memory on the position as read
// for the batch, written with the batch's other closes in one statement, answered after it commits.

/** The route a close's idempotency key is hashed with; the close made alone must use the same, so a key replays across both paths. */
export const CLOSE_ROUTE = '/position/flatPosition';

/**
 * Closes the caller's position (whole or `quantity`) through the batcher. A refusal is the one a
 * close made alone gives; a close the batch could not apply (its position changed since it was
 * read, or the statement was refused) is made alone by `alone`.
 */
export async function closeBatched(
  deps: TradingDeps,
  request: { userId: number; positionId: number; quantity: number | undefined },
  key: string | undefined,
  alone: () => Promise<Order>,
): Promise<Order> {
  const { userId, positionId, quantity } = request;
  const keyed = key === undefined ? null : { userId, ...idempotencyRequest(CLOSE_ROUTE, key, { positionId, quantity }) };
  const now = deps.clock.now();
  let answer: Order | undefined;
  let after: { order: Parameters<typeof announce>[1]['order']; position: PositionRow } | undefined;
  let rows: CloseRows | null;
  try {
    rows = await deps.closeBatcher!.submit(positionId, keyed && `${userId}|${keyed.key}`, async (read, ids) => {
      const { position, closing } = checkClose(deps, read?.row, { ...request, reason: 'user' }, now);
      const terms = closeTerms(deps, position, closing, 'user', await closeAccounts(deps.db, position, now), now);
      const closePrice = stored(terms.exit);
      const order = orderRow(terms.order, { id: ids.order, fillPrice: closePrice });
      answer = toOrder(deps, order);
      const positionAfter: PositionRow = { ...position, ...terms.update, closePrice };
      after = { order, position: positionAfter };
      const memo = memoColumns(terms.entry.memo);
      const { update } = terms;
      const rows: CloseRows = {
        positionId,
        position: { id: positionId, version: read!.version, quantity: update.quantity, closed_quantity: update.closedQuantity, close_price: closePrice, margin: update.margin, realized_pnl: update.realizedPnl, status: update.status, updated_at: now },
        order: {
          id: order.id, user_id: order.userId, source: order.source, stock_code: order.stockCode, direction: order.direction, order_type: order.orderType,
          open_close: order.openClose, status: order.status, quantity: order.quantity, leverage: order.leverage, fill_price: closePrice, fee: order.fee,
          margin: order.margin, profit: order.profit, currency: order.currency, wallet_type: order.walletType, position_id: positionId,
          follow_id: order.followId, reason: order.reason, created_at: now,
        },
        entry: { id: ids.entry, kind: terms.entry.kind, user_id: userId, reference_id: order.id, memo: memo.text, memo_key: memo.memoKey, memo_params: memo.memoParams, created_at: now, position_id: positionId },
        postings: terms.entry.lines
          .filter((line) => line.amount !== 0)
          .map((line) => ({ entry_id: ids.entry, account_id: line.accountId, currency: line.currency, amount: line.amount, created_at: now, position_id: positionId })),
        idempotency: keyed && { user_id: userId, key: keyed.key, request_hash: keyed.requestHash, response: answer, created_at: now, position_id: positionId },
      };
      return { rows, after: positionAfter };
    });
  } catch (error) {
    if (keyed) {
      const replay = await storedAnswer<Order>(deps.db, keyed, error);
      if (replay) return replay.answer;
    }
    throw error;
  }
  if (!rows || !after) return alone();
  announce(deps, after);
  return answer as Order;
}

import type { Order } from '@tradewind/contract';
import type { PositionRow } from '../../db/schema.js';
import { noticeValues, type MessageRow } from '../inbox/index.js';
import { idempotencyRequest, memoColumns, storedAnswer } from '../ledger/index.js';
import { isOpenAt } from '../market/index.js';
import type { CloseRows } from './close-batch.repository.js';
import { checkClose, closeAccounts, closeNotice, closeTerms, type CloseReason, type CloseRequest } from './close-terms.js';
import { orderRow, stored } from './batched-order.js';
import { exitPrice, instrumentOfRow, tpSlReached } from './trading-pricing.js';
import type { TradingDeps } from './trading-deps.js';
import { announce, toOrder } from './trading.mappers.js';

// A close through the process's close batcher: decided in memory on the position as read for the
// batch, written with the batch's other closes in one statement, answered after it commits. A
// user's close and the engine's (liquidation, expiry, take-profit, stop-loss) go the same way.

/** The route a close's idempotency key is hashed with; the close made alone must use the same, so a key replays across both paths. */
export const CLOSE_ROUTE = '/position/flatPosition';

/**
 * A take-profit or stop-loss found nothing to close on the position as the batch knows it. That row may be older than
 * the position (a level set since), and nothing is written to prove otherwise, so the close is judged again alone.
 */
class NothingToClose extends Error {}

/** What to close: a request with its reason, or `'level'` for whichever of take-profit and stop-loss the exit price has reached. */
type BatchedRequest = Omit<CloseRequest, 'reason'> & { reason: CloseReason | 'level' };

/** The reason a close is made on `position` as read; throws NothingToClose for a level no longer reached. */
function reasonOn(deps: TradingDeps, position: PositionRow | undefined, reason: BatchedRequest['reason'], now: Date): CloseReason {
  if (reason !== 'level') return reason;
  if (!position || position.status !== 'open' || !isOpenAt(instrumentOfRow(deps, position).calendar, now.getTime())) throw new NothingToClose();
  const reached = tpSlReached(position, exitPrice(deps, position).exit);
  if (!reached) throw new NothingToClose();
  return reached;
}

/**
 * Closes a position (whole or `quantity`) through the batcher. A refusal is the one a close made
 * alone gives; a close the batch could not apply (its position changed since it was read, or the
 * statement was refused) is made alone by `alone`, as is a level close that found no level reached. Null: nothing
 * to do (a level close, as `alone` decided).
 */
export async function closeBatched(deps: TradingDeps, request: BatchedRequest, key: string | undefined, alone: () => Promise<Order | null>): Promise<Order | null> {
  const { userId, positionId, quantity } = request;
  const keyed = key === undefined || userId === null ? null : { userId, ...idempotencyRequest(CLOSE_ROUTE, key, { positionId, quantity }) };
  const now = deps.clock.now();
  let answer: Order | undefined;
  let after: { order: Parameters<typeof announce>[1]['order']; position: PositionRow; message: MessageRow | null } | undefined;
  let rows: CloseRows | null;
  try {
    rows = await deps.closeBatcher!.submit(positionId, keyed && `${keyed.userId}|${keyed.key}`, async (read, ids) => {
      const reason = reasonOn(deps, read?.row, request.reason, now);
      const { position, closing } = checkClose(deps, read?.row, { userId, positionId, quantity, reason }, now);
      const terms = closeTerms(deps, position, closing, reason, await closeAccounts(deps.db, position, now), now);
      const closePrice = stored(terms.exit);
      const order = orderRow(terms.order, { id: ids.order, fillPrice: closePrice });
      answer = toOrder(deps, order);
      const positionAfter: PositionRow = { ...position, ...terms.update, closePrice };
      const notice = closeNotice(position, closing, reason, terms);
      const message: MessageRow | null = notice && { id: ids.message, isRead: false, ...noticeValues(position.userId, notice, now) };
      after = { order, position: positionAfter, message };
      const memo = memoColumns(terms.entry.memo);
      const { update } = terms;
      const owner = position.userId;
      const rows: CloseRows = {
        positionId,
        position: { id: positionId, version: read!.version, quantity: update.quantity, closed_quantity: update.closedQuantity, close_price: closePrice, margin: update.margin, realized_pnl: update.realizedPnl, status: update.status, updated_at: now },
        order: {
          id: order.id, user_id: order.userId, source: order.source, stock_code: order.stockCode, direction: order.direction, order_type: order.orderType,
          open_close: order.openClose, status: order.status, quantity: order.quantity, leverage: order.leverage, fill_price: closePrice, fee: order.fee,
          margin: order.margin, profit: order.profit, currency: order.currency, wallet_type: order.walletType, position_id: positionId,
          follow_id: order.followId, reason: order.reason, created_at: now,
        },
        entry: { id: ids.entry, kind: terms.entry.kind, user_id: owner, reference_id: order.id, memo: memo.text, memo_key: memo.memoKey, memo_params: memo.memoParams, created_at: now, position_id: positionId },
        postings: terms.entry.lines
          .filter((line) => line.amount !== 0)
          .map((line) => ({ entry_id: ids.entry, account_id: line.accountId, currency: line.currency, amount: line.amount, created_at: now, position_id: positionId })),
        idempotency: keyed && { user_id: keyed.userId, key: keyed.key, request_hash: keyed.requestHash, response: answer, created_at: now, position_id: positionId },
        message: message && {
          id: message.id, user_id: owner, title: message.title, body: message.body, created_at: now,
          title_key: message.titleKey, body_key: message.bodyKey, text_params: message.textParams, position_id: positionId,
        },
      };
      return { rows, after: positionAfter };
    });
  } catch (error) {
    if (error instanceof NothingToClose) return alone();
    if (keyed) {
      const replay = await storedAnswer<Order>(deps.db, keyed, error);
      if (replay) return replay.answer;
    }
    throw error;
  }
  if (!rows || !after) return alone();
  announce(deps, after);
  if (after.message) deps.notify(after.message);
  return answer as Order;
}

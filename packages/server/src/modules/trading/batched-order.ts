import type { Order } from '@tradewind/contract';
import { isCheckViolation } from '../../db/errors.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { idempotencyRequest, memoColumns, storedAnswer } from '../ledger/index.js';
import type { OrderIds, OrderWrite } from './order-batch.repository.js';
import type { WrittenOrder } from './order-batcher.js';
import { fillTerms, type OrderPlan } from './orders.service.js';
import type { TradingDeps } from './trading-deps.js';
import { announce, toOrder } from './trading.mappers.js';

// The write half of placing an order through the batcher: the rows an order writes are built in
// memory around ids taken ahead, the batcher writes many orders' rows in one statement, and the
// answer, events and pushes follow that statement's commit, exactly as after today's transaction.

/** PostgreSQL keeps 8 decimals of a price (numeric(20,8)): the row in memory holds what the database will. */
export const stored = (value: number): number => Number(value.toFixed(8));
const storedOrNull = (value: number | null | undefined): number | null => (value === null || value === undefined ? null : stored(value));

export function orderRow(values: OrderPlan['order'], set: Partial<OrderRow> & { id: number }): OrderRow {
  return {
    fillPrice: null,
    fee: 0,
    margin: 0,
    profit: null,
    positionId: null,
    holdId: null,
    reason: 'user',
    followId: null,
    triggeredAt: null,
    expiresAt: null,
    expiredAt: null,
    ...values,
    price: storedOrNull(values.price),
    triggerPrice: storedOrNull(values.triggerPrice),
    takeProfit: storedOrNull(values.takeProfit),
    stopLoss: storedOrNull(values.stopLoss),
    contract: values.contract ?? null,
    timeInForce: values.timeInForce ?? null,
    ...set,
  };
}

/** A new position's row as the database will hold it (prices at its 8 decimals). */
export function positionRow(values: ReturnType<typeof fillTerms>['position'], id: number): PositionRow {
  return {
    ...values,
    id,
    openPrice: stored(values.openPrice),
    multiplier: stored(values.multiplier),
    takeProfit: storedOrNull(values.takeProfit),
    stopLoss: storedOrNull(values.stopLoss),
    contract: values.contract ?? null,
    expiresAt: values.expiresAt ?? null,
    realizedPnl: 0,
    closedQuantity: 0,
    closePrice: null,
  };
}

/** The rows one order writes, with its ids. */
function orderWrite(deps: TradingDeps, plan: OrderPlan, ids: OrderIds): Omit<OrderWrite, 'idempotency'> {
  const { now, order } = plan;
  if (!plan.fill) {
    const amount = plan.reserve.margin + plan.reserve.fee;
    return {
      order: orderRow(order, { id: ids.order, holdId: ids.hold, margin: plan.reserve.margin, fee: plan.reserve.fee, expiresAt: plan.expiresAt }),
      position: null,
      entry: null,
      postings: [],
      hold: { id: ids.hold, accountId: plan.accounts.walletAccount, amount, referenceType: 'order', createdAt: now },
    };
  }
  const terms = fillTerms(deps, order, plan.instrument, plan.fill.price, plan.q.rate, plan.accounts, now);
  const position = positionRow(terms.position, ids.position);
  const memo = memoColumns(terms.memo);
  return {
    order: orderRow(order, { ...terms.fill, fillPrice: stored(terms.fill.fillPrice), id: ids.order, positionId: ids.position }),
    position,
    entry: { id: ids.entry, kind: 'order-open', userId: order.userId, referenceType: 'order', referenceId: ids.order, memo: memo.text, memoKey: memo.memoKey, memoParams: memo.memoParams, createdAt: now },
    postings: terms.lines.filter((line) => line.amount !== 0).map((line) => ({ ...line, entryId: ids.entry, createdAt: now })),
    hold: null,
  };
}

/**
 * Places a decided order through the process's batcher. A refusal is the one today's path gives:
 * funds short → `ledger.insufficientFunds`; a key used before → its stored answer or a 409.
 */
export async function placeBatched(deps: TradingDeps, plan: OrderPlan, body: unknown, key: string | undefined): Promise<Order> {
  const batcher = deps.orderBatcher!;
  const userId = plan.order.userId;
  const request = key === undefined ? null : { userId, ...idempotencyRequest('order', key, body) };
  // The answer is built once, with the rows, and is the one stored with the key.
  let answer: Order | undefined;
  let written: WrittenOrder;
  try {
    written = await batcher.submit(
      (ids) => {
        const rows = orderWrite(deps, plan, ids);
        answer = toOrder(deps, rows.order);
        return { ...rows, idempotency: request && { ...request, response: answer, createdAt: plan.now } };
      },
      request && `${userId}|${request.key}`,
    );
  } catch (error) {
    if (request) {
      const replay = await storedAnswer<Order>(deps.db, request, error);
      if (replay) return replay.answer;
    }
    if (isCheckViolation(error, 'user_balance_not_negative')) throw AppError.badRequest('ledger.insufficientFunds');
    throw error;
  }
  const { write, version } = written;
  if (write.position) deps.closeBatcher?.remember(write.position, version);
  announce(deps, write, version);
  // The batcher resolves only after the build above ran, so the answer is there.
  return answer as Order;
}

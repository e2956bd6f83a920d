import { memoColumns, systemAccount, SystemAccount, walletAccount as walletAccountOf } from '../ledger/index.js';
import type { VersionedOrder } from './fill-batch.repository.js';
import type { BuiltFill } from './fill-batcher.js';
import { positionRow, stored } from './batched-order.js';
import { fillTerms, restingStep } from './orders.service.js';
import { costs } from './trading-pricing.js';
import type { TradingDeps } from './trading-deps.js';
import { announce } from './trading.mappers.js';

// The engine's fill of a resting order through the process's fill batcher: decided in memory on the order as read for
// the batch, written with the batch's other fills in one statement. Only a fill its hold pays for goes this way: the
// rest (nothing to do, a stop-limit only triggered, a stop past a gap that needs the wallet's balance) is decided
// alone, under the order's lock, as before.

/** A fill the batch leaves to be decided alone. */
class DecideAlone extends Error {}

/** The fill's rows, decided on the order as read; throws DecideAlone for anything but a fill its hold covers. */
async function buildFill(deps: TradingDeps, read: VersionedOrder | undefined, ids: { position: number; entry: number }, now: Date): Promise<BuiltFill> {
  const order = read?.row;
  const step = order && restingStep(deps, order, now);
  if (!order || !step || step.fillPrice === null) throw new DecideAlone();
  const { instrument, q, fillPrice } = step;
  const triggeredAt = step.triggers ? now : order.triggeredAt;
  const need = costs(q.rules, fillPrice, order.quantity, q.rules.multiplier, q.rate, order.leverage);
  if (need.margin + need.fee > order.margin + order.fee) throw new DecideAlone();
  const accounts = {
    walletAccount: await walletAccountOf(deps.db, order.userId, order.walletType, order.currency, now),
    marginAccount: await systemAccount(deps.db, SystemAccount.Margin, order.currency, now),
    feesAccount: await systemAccount(deps.db, SystemAccount.Fees, order.currency, now),
  };
  const terms = fillTerms(deps, order, instrument, fillPrice, q.rate, accounts, now);
  const position = positionRow(terms.position, ids.position);
  const filled = { ...order, ...terms.fill, fillPrice: stored(terms.fill.fillPrice), positionId: position.id, triggeredAt };
  const memo = memoColumns(terms.memo);
  return {
    order: filled,
    position,
    rows: {
      orderId: order.id,
      order: {
        id: order.id, version: read.version, wallet_account: accounts.walletAccount, status: filled.status, fill_price: filled.fillPrice, fee: filled.fee, margin: filled.margin,
        position_id: position.id, triggered_at: triggeredAt, updated_at: now,
      },
      position: {
        id: position.id, user_id: position.userId, source: position.source, stock_code: position.stockCode, contract: position.contract,
        direction: position.direction, quantity: position.quantity, open_price: position.openPrice, multiplier: position.multiplier,
        leverage: position.leverage, wallet_type: position.walletType, currency: position.currency, margin: position.margin,
        expires_at: position.expiresAt, take_profit: position.takeProfit, stop_loss: position.stopLoss, created_at: now, order_id: order.id,
      },
      entry: { id: ids.entry, user_id: order.userId, reference_id: order.id, memo: memo.text, memo_key: memo.memoKey, memo_params: memo.memoParams, created_at: now },
      postings: terms.lines
        .filter((line) => line.amount !== 0)
        .map((line) => ({ entry_id: ids.entry, account_id: line.accountId, currency: line.currency, amount: line.amount, created_at: now, order_id: order.id })),
    },
  };
}

/**
 * Fills a resting order through the batcher when the quote calls for it and its hold pays for the fill; anything else,
 * and a fill the batch could not apply (its order changed since it was read, or the statement was refused), is
 * decided by `alone`. Answers whether the order filled.
 */
export async function fillBatched(deps: TradingDeps, orderId: number, alone: () => Promise<boolean>): Promise<boolean> {
  const now = deps.clock.now();
  const written = await deps.fillBatcher!.submit(orderId, (read, ids) => buildFill(deps, read, ids, now));
  if (!written) return alone();
  const { fill, version } = written;
  deps.closeBatcher?.remember(fill.position, version);
  announce(deps, fill, version);
  return true;
}

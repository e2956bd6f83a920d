import { AssetSource, OrderDirection, OrderStatus, OrderType, ReviewStatus, GTC_MAX_DAYS, type Order, type TimeInForce } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hold as placeHold, idempotent, inTransaction, lockAccounts, post, releaseHold, systemAccount, SystemAccount, walletAccount as walletAccountOf } from '../ledger/index.js';
import { futuresOptions, type Instrument, isOnTwTick, isOpenAt, isTwLotSize, twTickSize } from '../market/index.js';
import { deliverMessage } from '../inbox/index.js';
import { shownMoney, shownPrice } from '../../i18n/shown-values.js';
import * as repo from './trading.repository.js';
import type { TradingDeps } from './trading-deps.js';
import { rulesFor, walletFor } from './trading-rules.js';
import { checkEntryLevels, checkFuturesTicks, chosenContract, expectedFillPrice } from './order-entry.js';
import { isExpired, orderExpiresAt, timeInForceOf } from './time-in-force.js';
import { costs, crosses, instrumentOfRow, isStopType, quote, restingOrderTypes, stopReached, tradableInstrument, type Quote } from './trading-pricing.js';
import { publish, shownQuantity, toOrder } from './trading.mappers.js';
import { placeBatched } from './batched-order.js';
import { fillBatched } from './batched-fill.js';

// An order's life: placed (filled at once or resting with funds held), filled on a tick, cancelled or expired.

export interface PlaceOrderInput {
  stockCode: string;
  market?: string;
  source?: number;
  direction: 0 | 1;
  orderType: 0 | 1 | 2 | 3;
  price?: number;
  /** Stop (2) and stop-limit (3) orders. */
  triggerPrice?: number;
  quantity: number;
  leverage?: number;
  /** Set on the position when the order fills (order-entry.ts). */
  takeProfit?: number;
  stopLoss?: number;
  /** Futures: the contract month (the front month when omitted). */
  contract?: string;
  /** Limit, stop and stop-limit orders: DAY or GTC (the default); refused on a market order. */
  timeInForce?: TimeInForce;
}

/** The story of an order: validate → reserve (fill now, or hold funds while it rests) → persist → publish. */
export async function placeOrder(
  deps: TradingDeps,
  user: { id: number; tradePermission: number },
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<Order> {
  const plan = await decideOrder(deps, user, input);
  // The stored (and replayed) answer is the wire order; events go out only from the call that did the work.
  const body = { ...input, source: plan.instrument.source };
  // Inside a caller's transaction (the one-step transfer-and-order) the order joins that transaction.
  if (deps.orderBatcher?.accepts(deps.db)) return placeBatched(deps, plan, body, idempotencyKey);
  const { now, q, instrument, accounts } = plan;
  return idempotent(deps.db, { userId: user.id, key: idempotencyKey, route: 'order', body, now }, async (tx, afterCommit) => {
    let done: { order: OrderRow; position: PositionRow | null };
    if (plan.fill) {
      done = await openPosition(deps, tx, plan.order, instrument, plan.fill.price, q.rate, accounts, now);
    } else {
      const { reserve } = plan;
      const hold = await placeHold(tx, { accountId: accounts.walletAccount, amount: reserve.margin + reserve.fee, referenceType: 'order', referenceId: null }, now);
      done = { order: await repo.insertOrder(tx, { ...plan.order, holdId: hold.id, margin: reserve.margin, fee: reserve.fee, expiresAt: plan.expiresAt }), position: null };
    }
    afterCommit(() => publish(deps, done));
    return toOrder(deps, done.order);
  });
}

/** What placing an order decided before anything is written: the order's row, and whether it fills now or rests with funds held. */
export type OrderPlan = Awaited<ReturnType<typeof decideOrder>>;

/** Validation, quote, costs and accounts: everything up to the write, in memory (an account id is read once per process). */
async function decideOrder(deps: TradingDeps, user: { id: number; tradePermission: number }, input: PlaceOrderInput) {
  const now = deps.clock.now();
  const userId = user.id;
  const instrument = tradableInstrument(deps, input);
  const q = quote(deps, instrument);
  const leverage = input.leverage ?? 1;
  if (leverage > q.rules.leverageMax) throw AppError.badRequest('order.leverageOutOfRange', { max: q.rules.leverageMax });
  if (input.quantity < q.rules.minCount || input.quantity % q.rules.step !== 0) {
    throw AppError.badRequest('order.quantityTooSmall', { min: q.rules.minCount });
  }
  if ((input.orderType === OrderType.Limit || input.orderType === OrderType.StopLimit) && input.price === undefined) throw AppError.badRequest('order.priceRequired');
  if (input.orderType === OrderType.Market && input.timeInForce !== undefined) throw AppError.badRequest('order.timeInForceMarket', { field: 'timeInForce' });
  const timeInForce = timeInForceOf(input.orderType, input.timeInForce);
  const stop = isStopType(input.orderType);
  if (stop && input.triggerPrice === undefined) throw AppError.badRequest('order.triggerRequired');
  if (instrument.source === AssetSource.TwStock) {
    if (!isTwLotSize(input.quantity)) throw AppError.badRequest('order.twLot');
    for (const p of [input.price, input.triggerPrice, input.takeProfit, input.stopLoss]) if (p !== undefined && !isOnTwTick(p)) throw AppError.badRequest('order.twTick', { tick: twTickSize(p) });
  }
  // A stop already reached would fill at once: that is a market (or limit) order, not a stop.
  if (stop && stopReached(input.direction, input.triggerPrice ?? 0, q)) {
    throw AppError.badRequest(input.direction === OrderDirection.Buy ? 'order.buyStopTooLow' : 'order.sellStopTooHigh', {
      price: input.direction === OrderDirection.Buy ? q.ask : q.bid,
    });
  }
  checkFuturesTicks(instrument, { price: input.price, triggerPrice: input.triggerPrice, takeProfit: input.takeProfit, stopLoss: input.stopLoss });
  const contract = chosenContract(deps.market, instrument, input.contract);
  // The permission comes with the session's user row, read by the auth hook for this very request.
  if (user.tradePermission !== ReviewStatus.Passed) throw AppError.forbidden('order.permissionRequired');
  if (!isOpenAt(instrument.calendar, now.getTime())) throw AppError.badRequest('market.closed', { code: instrument.code });

  const wallet = walletFor(instrument.source);
  const accounts: Accounts = {
    walletAccount: await walletAccountOf(deps.db, userId, wallet.walletType, wallet.currency, now),
    marginAccount: await systemAccount(deps.db, SystemAccount.Margin, wallet.currency, now),
    feesAccount: await systemAccount(deps.db, SystemAccount.Fees, wallet.currency, now),
  };
  const fillable = input.orderType === OrderType.Market || (input.orderType === OrderType.Limit && crosses(input.direction, input.price ?? 0, q));
  checkEntryLevels(input.direction, expectedFillPrice(input, fillable, q), input);
  const order: repo.NewOrder = {
    userId,
    source: instrument.source,
    stockCode: instrument.code,
    direction: input.direction,
    orderType: input.orderType,
    openClose: 0,
    status: OrderStatus.InProgress,
    price: input.price ?? null,
    triggerPrice: input.triggerPrice ?? null,
    quantity: input.quantity,
    leverage,
    takeProfit: input.takeProfit ?? null,
    stopLoss: input.stopLoss ?? null,
    contract: contract?.stock_code ?? null,
    timeInForce,
    currency: wallet.currency,
    walletType: wallet.walletType,
    createdAt: now,
    updatedAt: now,
  };
  return {
    now,
    instrument,
    q,
    accounts,
    order,
    // A fill's costs are reckoned at its price as it is written; only a resting order needs them now, for its hold.
    ...(fillable
      ? { fill: { price: input.direction === OrderDirection.Buy ? q.ask : q.bid }, reserve: null }
      : { fill: null, reserve: costs(q.rules, reservePrice(input), input.quantity, q.rules.multiplier, q.rate, leverage) }),
    expiresAt: timeInForce ? orderExpiresAt(instrument.calendar, timeInForce, now) : null,
  };
}

/** A resting order is held at its limit; a stop at its trigger (it fills at market, so a gap can cost more: see fillRestingOrder). */
const reservePrice = (input: PlaceOrderInput) => (input.orderType === OrderType.Stop ? input.triggerPrice : input.price) ?? 0;

export interface Accounts {
  walletAccount: number;
  marginAccount: number;
  feesAccount: number;
}

/** How a follow order's position differs from an ordinary one (modules/follow). */
export interface FollowTerms {
  /** The follow that owns the position: only its term end closes it (SPEC §5, not sellable). */
  followId: number;
  /** Shares per quantity unit: a follow holds fractions of a share (0.0001 a unit). */
  multiplier: number;
}

/**
 * What filling an order at `fillPrice` writes, computed in memory: the position, the order's fill
 * and the journal entry (margin and fee leave the wallet for the house margin and fees accounts).
 */
export function fillTerms(
  deps: TradingDeps,
  order: OrderRow | repo.NewOrder,
  instrument: Instrument,
  fillPrice: number,
  rate: number,
  accounts: Accounts,
  now: Date,
  follow?: FollowTerms,
) {
  const rules = rulesFor(deps.config, instrument);
  const leverage = order.leverage ?? 1;
  const multiplier = follow?.multiplier ?? rules.multiplier;
  const { margin, fee: commission } = costs(rules, fillPrice, order.quantity, multiplier, rate, leverage);
  // A follow's positions carry no commission: the agency's subscription fee is the follow's charge.
  const fee = follow ? 0 : commission;
  // The month ordered while it is still listed (a resting order may outlive it), else the front month.
  const listed = instrument.futures ? futuresOptions(deps.market, instrument) : [];
  const front = listed.find((c) => c.stock_code === order.contract) ?? listed[0];
  const position: repo.NewPosition & { followId: number | null } = {
    userId: order.userId,
    source: order.source,
    stockCode: order.stockCode,
    contract: front?.stock_code ?? null,
    direction: order.direction,
    quantity: order.quantity,
    openPrice: fillPrice,
    multiplier,
    leverage,
    walletType: order.walletType,
    currency: order.currency,
    margin,
    status: 'open',
    expiresAt: front ? new Date(front.lastTradeDate * 1000) : null,
    takeProfit: order.takeProfit ?? null,
    stopLoss: order.stopLoss ?? null,
    followId: follow?.followId ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const fill = { status: OrderStatus.Success, fillPrice, fee, margin, updatedAt: now };
  const memo = {
    key: order.direction === OrderDirection.Buy ? ('memo.buy' as const) : ('memo.sell' as const),
    params: { quantity: shownQuantity(order.quantity, position), code: order.stockCode, price: shownPrice(fillPrice, instrument.precision) },
  };
  const lines = [
    { accountId: accounts.walletAccount, currency: order.currency, amount: -(margin + fee) },
    { accountId: accounts.marginAccount, currency: order.currency, amount: margin },
    { accountId: accounts.feesAccount, currency: order.currency, amount: fee },
  ];
  return { position, fill, memo, lines };
}

/**
 * Fills an order at `fillPrice`: the position is created and margin and fee leave the wallet. A
 * new (market) order is written already filled; a resting one, already stored, is updated.
 */
export async function openPosition(
  deps: TradingDeps,
  tx: Database,
  order: OrderRow | repo.NewOrder,
  instrument: Instrument,
  fillPrice: number,
  rate: number,
  accounts: Accounts,
  now: Date,
  follow?: FollowTerms,
): Promise<{ order: OrderRow; position: PositionRow }> {
  const terms = fillTerms(deps, order, instrument, fillPrice, rate, accounts, now, follow);
  const position = await repo.insertPosition(tx, terms.position);
  const fill = { ...terms.fill, positionId: position.id };
  const filled =
    order.id === undefined ? await repo.insertOrder(tx, { ...order, followId: follow?.followId ?? null, ...fill }) : await repo.updateOrder(tx, order.id, fill);
  await post(tx, { kind: 'order-open', userId: order.userId, referenceType: 'order', referenceId: filled.id, memo: terms.memo, lines: terms.lines }, now);
  return { order: filled, position };
}

/**
 * What the quote now calls for on a resting order, or null for nothing: `triggers` when its stop's
 * trigger is reached now, `fillPrice` (the ask for a buy, the bid for a sell) when it fills, else
 * null (a stop-limit only triggered rests as a limit order). One decision for the engine's index,
 * the fill batch and the fill made alone under the order's lock.
 */
export function restingStep(deps: TradingDeps, order: OrderRow, now: Date): { instrument: Instrument; q: Quote; triggers: boolean; fillPrice: number | null } | null {
  if (order.status !== OrderStatus.InProgress || !restingOrderTypes.includes(order.orderType) || order.holdId === null) return null;
  // Its time in force ran out: the expiry sweep cancels it; it never fills late.
  if (isExpired(order, now)) return null;
  const instrument = instrumentOfRow(deps, order);
  if (!isOpenAt(instrument.calendar, now.getTime())) return null;
  const q = quote(deps, instrument);
  const triggers = isStopType(order.orderType) && order.triggeredAt === null;
  if (triggers && !stopReached(order.direction, order.triggerPrice ?? 0, q)) return null;
  const fills = order.orderType === OrderType.Stop || crosses(order.direction, order.price ?? 0, q);
  if (!fills && !triggers) return null;
  return { instrument, q, triggers, fillPrice: fills ? (order.direction === OrderDirection.Buy ? q.ask : q.bid) : null };
}

/**
 * Whether the quote now calls for the engine to act on this resting order (fill it, or trigger a
 * stop), decided in memory first so a tick costs no transaction for the orders it does not reach.
 */
export function fillDue(deps: TradingDeps, order: OrderRow): boolean {
  return restingStep(deps, order, deps.clock.now()) !== null;
}

/**
 * Acts on a resting order if the quote says so (the engine calls this on ticks), under the order's
 * row lock so two ticks or two processes act once: a limit order (or a stop-limit whose trigger was
 * reached) fills when the quote crosses its price; a stop or stop-limit whose trigger the quote
 * reaches is marked triggered, and a stop then fills at market. If the fill would cost more than the
 * funds held plus those available (a gap past a stop's trigger), the order is cancelled, its hold
 * released and the owner told.
 */
export async function fillRestingOrder(deps: TradingDeps, orderId: number): Promise<boolean> {
  // With the batch's other fills (issue 22): a price crossing many orders fills them in a few statements.
  if (deps.fillBatcher?.accepts(deps.db)) return fillBatched(deps, orderId, () => fillAlone(deps, orderId));
  return fillAlone(deps, orderId);
}

/** fillRestingOrder in a transaction of its own, deciding under the order's row lock. */
async function fillAlone(deps: TradingDeps, orderId: number): Promise<boolean> {
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx, afterCommit) => {
    const order = await repo.lockOrder(tx, orderId);
    const step = order && restingStep(deps, order, now);
    if (!order || !step) return null;
    const { instrument, q } = step;
    const current = step.triggers ? await repo.updateOrder(tx, order.id, { triggeredAt: now, updatedAt: now }) : order;
    // A stop-limit just triggered rests as a limit order: its owner sees it change.
    if (step.fillPrice === null) return { order: current, position: null };
    const fillPrice = step.fillPrice;
    const accounts = {
      walletAccount: await walletAccountOf(tx, current.userId, current.walletType, current.currency, now),
      marginAccount: await systemAccount(tx, SystemAccount.Margin, current.currency, now),
      feesAccount: await systemAccount(tx, SystemAccount.Fees, current.currency, now),
    };
    const locked = await lockAccounts(tx, Object.values(accounts));
    const wallet = locked.get(accounts.walletAccount);
    const need = costs(q.rules, fillPrice, current.quantity, q.rules.multiplier, q.rate, current.leverage);
    const spendable = wallet ? wallet.balance - wallet.frozen + current.margin + current.fee : 0;
    if (need.margin + need.fee > spendable) {
      await releaseHold(tx, current.holdId ?? 0, 'voided', now);
      const cancelled = await repo.updateOrder(tx, current.id, { status: OrderStatus.Cancelled, updatedAt: now });
      await deliverMessage(tx, afterCommit, deps.notify, {
        userId: current.userId,
        notice: {
          title: 'notice.orderCancelledTitle',
          body: 'notice.orderCancelledBody',
          params: {
            quantity: current.quantity,
            code: current.stockCode,
            price: shownPrice(fillPrice, instrument.precision),
            need: shownMoney(need.margin + need.fee, current.currency),
            available: shownMoney(spendable, current.currency),
          },
        },
        createdAt: now,
      });
      return { order: cancelled, position: null };
    }
    await releaseHold(tx, current.holdId ?? 0, 'posted', now);
    return openPosition(deps, tx, current, instrument, fillPrice, q.rate, accounts, now);
  });
  if (result) publish(deps, result);
  return result?.order.status === OrderStatus.Success;
}

export async function cancelOrder(deps: TradingDeps, userId: number, orderId: number): Promise<Order> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.userId !== userId) throw AppError.notFound('order.notFound');
    if (order.status !== OrderStatus.InProgress || order.holdId === null) throw AppError.conflict('order.notCancellable');
    await releaseHold(tx, order.holdId, 'voided', now);
    return repo.updateOrder(tx, order.id, { status: OrderStatus.Cancelled, updatedAt: now });
  });
  deps.events.orderChanged(row);
  return toOrder(deps, row);
}

/**
 * Expires a resting order whose time in force has run out (the engine's sweep on the leader calls
 * this): under the order's row lock, so it happens once whatever races it — a fill, the owner's
 * cancel, another process's sweep. The hold is voided (never deleted), the order cancelled with
 * `expired_at`, the owner told on `/ws` and in the inbox. Answers the order, or null when there
 * was nothing to do (already filled, cancelled or expired, or not yet due).
 */
export async function expireOrder(deps: TradingDeps, orderId: number): Promise<Order | null> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx, afterCommit) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.status !== OrderStatus.InProgress || order.holdId === null || !isExpired(order, now)) return null;
    await releaseHold(tx, order.holdId, 'voided', now);
    const expired = await repo.updateOrder(tx, order.id, { status: OrderStatus.Cancelled, expiredAt: now, updatedAt: now });
    if (order.followId === null) {
      await deliverMessage(tx, afterCommit, deps.notify, {
        userId: order.userId,
        notice: {
          title: 'notice.orderExpiredTitle',
          body: order.timeInForce === 'DAY' ? 'notice.orderExpiredDayBody' : 'notice.orderExpiredGtcBody',
          params: { quantity: order.quantity, code: order.stockCode, days: GTC_MAX_DAYS },
        },
        createdAt: now,
      });
    }
    afterCommit(() => deps.events.orderChanged(expired));
    return expired;
  });
  return row ? toOrder(deps, row) : null;
}

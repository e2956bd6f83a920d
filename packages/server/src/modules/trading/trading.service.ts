import {
  AssetSource,
  OrderDirection,
  OrderStatus,
  OrderType,
  ReviewStatus,
  affordableQuantity as affordableSteps,
  closeEstimate,
  floatingPnlMinor as pnlMinor,
  fromMinor,
  liquidationPrice,
  liquidationReached,
  marginRatio,
  orderCosts,
  tradableSources,
  type Order,
  type Page,
  type Position,
  type SetTpSlBody,
  type TimeInForce,
  GTC_MAX_DAYS,
} from '@tradewind/contract';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toSeconds, type Clock } from '../../lib/clock.js';
import { type AfterCommit, hold as placeHold, idempotent, inTransaction, lockAccounts, post, releaseHold, systemAccount, SystemAccount, userAccounts, walletAccount as walletAccountOf } from '../ledger/index.js';
import { conversionRate, futuresOptions, type Instrument, isOnTwTick, isOpenAt, isTwLotSize, type MarketDeps, resolveInstrument, twTickSize } from '../market/index.js';
import { deliverMessage, type MessageNotifier } from '../inbox/index.js';
import * as repo from './trading.repository.js';
import { bidAsk, quoteSourceOf, rulesFor, tickSizeOf, walletFor } from './trading-rules.js';
import { checkEntryLevels, checkFuturesTicks, chosenContract, expectedFillPrice } from './order-entry.js';
import { isExpired, orderExpiresAt, timeInForceOf } from './time-in-force.js';
import { shownMoney, shownPrice } from '../../i18n/shown-values.js';

/** Told after each commit, so the engine's index and the owner's `/ws` channel stay current. */
export interface TradingEvents {
  orderChanged(row: OrderRow): void;
  positionChanged(row: PositionRow): void;
}

export interface TradingDeps {
  db: Database;
  clock: Clock;
  config: Config;
  market: MarketDeps;
  events: TradingEvents;
  notify: MessageNotifier;
}

export function tradableInstrument(deps: TradingDeps, query: { stockCode: string; source?: number; market?: string }): Instrument {
  const instrument = resolveInstrument(deps.market, { stockCode: query.stockCode, source: query.source, market: query.market });
  if (!(tradableSources as readonly number[]).includes(instrument.source)) throw AppError.badRequest('order.notTradable', { code: instrument.code });
  return instrument;
}

function instrumentOfRow(deps: TradingDeps, row: { source: number; stockCode: string }): Instrument {
  const instrument = deps.market.catalog.get(quoteSourceOf(row.source), row.stockCode);
  if (!instrument) throw new Error(`instrument ${row.stockCode} (source ${row.source}) is no longer in the master`);
  return instrument;
}

export function quote(deps: TradingDeps, instrument: Instrument) {
  const price = deps.market.feed.quote(instrument).price;
  const rules = rulesFor(deps.config, instrument);
  const rate = conversionRate(deps.market, instrument.currency, rules.currency);
  if (rate === null) throw AppError.badRequest('fx.noRate', { from: instrument.currency, to: rules.currency });
  return { price, rules, rate, ...bidAsk(instrument, price, rules.halfSpread) };
}

/** Notional, margin and fee of `quantity` at `price`, in minor units: the contract's orderCosts, which the web's preview uses too. */
export function costs(rules: { feeRate: number; minFee: number }, price: number, quantity: number, multiplier: number, rate: number, leverage: number) {
  const c = orderCosts({ price, quantity, multiplier, rate, leverage, feeRate: rules.feeRate, minFee: rules.minFee });
  return { notional: c.notionalMinor, margin: c.marginMinor, fee: c.feeMinor };
}

function floatingPnlMinor(position: PositionRow, price: number, rate: number): number {
  return pnlMinor({ direction: position.direction, openPrice: position.openPrice, exitPrice: price, quantity: position.quantity, multiplier: position.multiplier, rate });
}

/**
 * The exit price at which the engine liquidates this position (the contract's liquidationPrice, at
 * the tick of its open price), or null when none is reachable.
 */
export function positionLiquidationPrice(
  deps: Pick<TradingDeps, 'config'>,
  position: Pick<PositionRow, 'status' | 'direction' | 'openPrice' | 'quantity' | 'multiplier' | 'margin'>,
  instrument: Instrument,
  rate: number,
): number | null {
  if (position.status !== 'open' || position.quantity <= 0) return null;
  return liquidationPrice({
    direction: position.direction,
    openPrice: position.openPrice,
    quantity: position.quantity,
    multiplier: position.multiplier,
    rate,
    marginMinor: position.margin,
    maintenanceRatio: deps.config.LIQUIDATION_MARGIN_RATIO,
    tickSize: tickSizeOf(instrument, position.openPrice),
  });
}

/** The price a position would close at now: longs sell at the bid, shorts buy back at the ask. */
function exitPrice(deps: TradingDeps, position: PositionRow) {
  const q = quote(deps, instrumentOfRow(deps, position));
  return { ...q, exit: position.direction === OrderDirection.Buy ? q.bid : q.ask };
}

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

/**
 * A position's liquidation price and margin ratio at this exit price and conversion rate: what
 * `/position/me` shows and what the engine's near-liquidation notice reads.
 */
export function positionRisk(
  deps: Pick<TradingDeps, 'config'>,
  row: PositionRow,
  instrument: Instrument,
  exit: number,
  rate: number,
): { liquidationPrice: number | null; marginRatio: number } {
  const maintenanceRatio = deps.config.LIQUIDATION_MARGIN_RATIO;
  return {
    liquidationPrice: positionLiquidationPrice(deps, row, instrument, rate),
    marginRatio: marginRatio({ marginMinor: row.margin, floatingPnlMinor: floatingPnlMinor(row, exit, rate), maintenanceRatio }),
  };
}

export function toPosition(deps: TradingDeps, row: PositionRow): Position {
  const instrument = deps.market.catalog.get(quoteSourceOf(row.source), row.stockCode);
  let nowPrice = row.openPrice;
  let profit = 0;
  let risk: Pick<Position, 'liquidationPrice' | 'marginRatio'> = { liquidationPrice: null, marginRatio: null };
  if (instrument && row.status === 'open') {
    const q = exitPrice(deps, row);
    nowPrice = q.exit;
    profit = floatingPnlMinor(row, q.exit, q.rate);
    risk = positionRisk(deps, row, instrument, q.exit, q.rate);
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
  const walletAccount = await walletAccountOf(deps.db, userId, wallet.walletType, wallet.currency, now);
  const marginAccount = await systemAccount(deps.db, SystemAccount.Margin, wallet.currency, now);
  const feesAccount = await systemAccount(deps.db, SystemAccount.Fees, wallet.currency, now);
  const accounts = { walletAccount, marginAccount, feesAccount };
  const fillable = input.orderType === OrderType.Market || (input.orderType === OrderType.Limit && crosses(input.direction, input.price ?? 0, q));
  checkEntryLevels(input.direction, expectedFillPrice(input, fillable, q), input);

  // The stored (and replayed) answer is the wire order; events go out only from the call that did the work.
  const body = { ...input, source: instrument.source };
  return idempotent(deps.db, { userId, key: idempotencyKey, route: 'order', body, now }, async (tx, afterCommit) => {
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
    let done: { order: OrderRow; position: PositionRow | null };
    if (fillable) {
      const fillPrice = input.direction === OrderDirection.Buy ? q.ask : q.bid;
      done = await openPosition(deps, tx, order, instrument, fillPrice, q.rate, accounts, now);
    } else {
      // A stop order is held at its trigger (it fills at market, so a gap can cost more: see fillRestingOrder).
      const reservePrice = (input.orderType === OrderType.Stop ? input.triggerPrice : input.price) ?? 0;
      const reserve = costs(q.rules, reservePrice, input.quantity, q.rules.multiplier, q.rate, leverage);
      const hold = await placeHold(tx, { accountId: walletAccount, amount: reserve.margin + reserve.fee, referenceType: 'order', referenceId: null }, now);
      const expiresAt = timeInForce ? orderExpiresAt(instrument.calendar, timeInForce, now) : null;
      done = { order: await repo.insertOrder(tx, { ...order, holdId: hold.id, margin: reserve.margin, fee: reserve.fee, expiresAt }), position: null };
    }
    afterCommit(() => publish(deps, done));
    return toOrder(deps, done.order);
  });
}

function crosses(direction: number, limit: number, q: { bid: number; ask: number }): boolean {
  return direction === OrderDirection.Buy ? q.ask <= limit : q.bid >= limit;
}

const isStopType = (orderType: number) => orderType === OrderType.Stop || orderType === OrderType.StopLimit;

/** Order types that rest in the book with funds held: limit, stop and stop-limit. */
export const restingOrderTypes: readonly number[] = [OrderType.Limit, OrderType.Stop, OrderType.StopLimit];

/** A buy stop goes off when the ask rises to its trigger, a sell stop when the bid falls to it. */
export function stopReached(direction: number, trigger: number, q: { bid: number; ask: number }): boolean {
  return direction === OrderDirection.Buy ? q.ask >= trigger : q.bid <= trigger;
}

export interface Accounts {
  walletAccount: number;
  marginAccount: number;
  feesAccount: number;
}

/** A quantity as people read it: a follow's units as shares (4 decimals), anything else as is. */
const shownQuantity = (quantity: number, position: { followId: number | null; multiplier: number }) =>
  position.followId === null ? quantity : Number((quantity * position.multiplier).toFixed(4));

/** How a follow order's position differs from an ordinary one (modules/follow). */
export interface FollowTerms {
  /** The follow that owns the position: only its term end closes it (SPEC §5, not sellable). */
  followId: number;
  /** Shares per quantity unit: a follow holds fractions of a share (0.0001 a unit). */
  multiplier: number;
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
  const rules = rulesFor(deps.config, instrument);
  const leverage = order.leverage ?? 1;
  const multiplier = follow?.multiplier ?? rules.multiplier;
  const { margin, fee: commission } = costs(rules, fillPrice, order.quantity, multiplier, rate, leverage);
  // A follow's positions carry no commission: the agency's subscription fee is the follow's charge.
  const fee = follow ? 0 : commission;
  // The month ordered while it is still listed (a resting order may outlive it), else the front month.
  const listed = instrument.futures ? futuresOptions(deps.market, instrument) : [];
  const front = listed.find((c) => c.stock_code === order.contract) ?? listed[0];
  const position = await repo.insertPosition(tx, {
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
  });
  const fill = { status: OrderStatus.Success, fillPrice, fee, margin, positionId: position.id, updatedAt: now };
  const filled =
    order.id === undefined ? await repo.insertOrder(tx, { ...order, followId: follow?.followId ?? null, ...fill }) : await repo.updateOrder(tx, order.id, fill);
  await post(
    tx,
    {
      kind: 'order-open',
      userId: order.userId,
      referenceType: 'order',
      referenceId: filled.id,
      memo: { key: order.direction === OrderDirection.Buy ? 'memo.buy' : 'memo.sell', params: { quantity: shownQuantity(order.quantity, position), code: order.stockCode, price: shownPrice(fillPrice, instrument.precision) } },
      lines: [
        { accountId: accounts.walletAccount, currency: order.currency, amount: -(margin + fee) },
        { accountId: accounts.marginAccount, currency: order.currency, amount: margin },
        { accountId: accounts.feesAccount, currency: order.currency, amount: fee },
      ],
    },
    now,
  );
  return { order: filled, position };
}

export function publish(deps: TradingDeps, result: { order: OrderRow; position: PositionRow | null }): Order {
  deps.events.orderChanged(result.order);
  if (result.position) deps.events.positionChanged(result.position);
  return toOrder(deps, result.order);
}

/**
 * Acts on a resting order if the quote says so (the engine calls this on ticks), under the order's
 * row lock so two ticks or two processes act once: a limit order (or a stop-limit whose trigger was
 * reached) fills when the quote crosses its price; a stop or stop-limit whose trigger the quote
 * reaches is marked triggered, and a stop then fills at market. If the fill would cost more than the
 * funds held plus those available (a gap past a stop's trigger), the order is cancelled, its hold
 * released and the owner told.
 */
/**
 * Whether the quote now calls for the engine to act on this resting order (fill it, or trigger a
 * stop): the same test fillRestingOrder makes under the lock, made in memory first so a tick costs
 * no transaction for the orders it does not reach.
 */
export function fillDue(deps: TradingDeps, order: OrderRow): boolean {
  const instrument = instrumentOfRow(deps, order);
  const now = deps.clock.now();
  if (isExpired(order, now) || !isOpenAt(instrument.calendar, now.getTime())) return false;
  const q = quote(deps, instrument);
  if (isStopType(order.orderType) && order.triggeredAt === null) return stopReached(order.direction, order.triggerPrice ?? 0, q);
  return order.orderType === OrderType.Stop || crosses(order.direction, order.price ?? 0, q);
}

export async function fillRestingOrder(deps: TradingDeps, orderId: number): Promise<boolean> {
  const now = deps.clock.now();
  const result = await inTransaction(deps.db, async (tx, afterCommit) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.status !== OrderStatus.InProgress || !restingOrderTypes.includes(order.orderType) || order.holdId === null) return null;
    // Its time in force ran out: the expiry sweep cancels it; it never fills late.
    if (isExpired(order, now)) return null;
    const instrument = instrumentOfRow(deps, order);
    if (!isOpenAt(instrument.calendar, now.getTime())) return null;
    const q = quote(deps, instrument);
    let current = order;
    if (isStopType(order.orderType) && order.triggeredAt === null) {
      if (!stopReached(order.direction, order.triggerPrice ?? 0, q)) return null;
      current = await repo.updateOrder(tx, order.id, { triggeredAt: now, updatedAt: now });
    }
    if (current.orderType !== OrderType.Stop && !crosses(current.direction, current.price ?? 0, q)) {
      // A stop-limit just triggered rests as a limit order: its owner sees it change.
      return current === order ? null : { order: current, position: null };
    }
    const fillPrice = current.direction === OrderDirection.Buy ? q.ask : q.bid;
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

export type CloseReason = 'user' | 'liquidation' | 'expiry' | 'take_profit' | 'stop_loss';

/** Which of a position's take-profit and stop-loss the exit price has reached (take-profit first), if any. */
export function tpSlReached(position: Pick<PositionRow, 'direction' | 'takeProfit' | 'stopLoss'>, exit: number): 'take_profit' | 'stop_loss' | null {
  const long = position.direction === OrderDirection.Buy;
  if (position.takeProfit !== null && (long ? exit >= position.takeProfit : exit <= position.takeProfit)) return 'take_profit';
  if (position.stopLoss !== null && (long ? exit <= position.stopLoss : exit >= position.stopLoss)) return 'stop_loss';
  return null;
}

/** The engine's quick look (no database): has this open position's exit price reached its take-profit or stop-loss? */
export function tpSlDue(deps: TradingDeps, position: PositionRow): boolean {
  if (position.status !== 'open' || (position.takeProfit === null && position.stopLoss === null)) return false;
  return tpSlReached(position, exitPrice(deps, position).exit) !== null;
}

/**
 * Closes a position whose take-profit or stop-loss the exit price has reached, deciding again under
 * the position's row lock: a position closes once, whatever the number of ticks or processes that
 * saw both levels crossed. Answers the close order, or null when there was nothing to do.
 */
export async function closeOnTrigger(deps: TradingDeps, positionId: number): Promise<Order | null> {
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
    afterCommit(() => deps.events.positionChanged(updated));
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
  const now = deps.clock.now();
  const work = async (tx: Database, afterCommit: AfterCommit) =>
    toOrder(deps, (await closeInTransaction(deps, tx, afterCommit, { userId, positionId, quantity, reason }, now)).order);
  // A user's close may carry an Idempotency-Key, so a retry after a lost answer cannot close twice.
  return userId !== null && idempotencyKey !== undefined
    ? idempotent(deps.db, { userId, key: idempotencyKey, route: '/position/flatPosition', body: { positionId, quantity }, now }, work)
    : inTransaction(deps.db, work);
}

/**
 * The close itself, inside the caller's transaction (a follow's term end closes all its positions
 * in one). `credit` is what the wallet received. `userId` null: the house closes (engine, follow).
 */
export async function closeInTransaction(
  deps: TradingDeps,
  tx: Database,
  afterCommit: AfterCommit,
  request: { userId: number | null; positionId: number; quantity: number | undefined; reason: CloseReason },
  now: Date,
): Promise<{ order: OrderRow; position: PositionRow; credit: number }> {
  const { userId, positionId, quantity, reason } = request;
  const position = await repo.lockPosition(tx, positionId);
  if (!position || (userId !== null && position.userId !== userId)) throw AppError.notFound('position.notFound');
  if (position.status !== 'open') throw AppError.conflict('position.alreadyClosed');
  if (reason === 'user' && position.followId !== null) throw AppError.conflict('position.followLocked');
  const closing = quantity ?? position.quantity;
  if (closing > position.quantity) throw AppError.badRequest('position.closeTooLarge', { max: position.quantity });
  const instrument = instrumentOfRow(deps, position);
  if (reason === 'user' && !isOpenAt(instrument.calendar, now.getTime())) throw AppError.badRequest('market.closed', { code: instrument.code });
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
  const released = estimate.releasedMinor;
  const pnlBooked = estimate.pnlMinor;
  const feeCharged = estimate.feeMinor;
  const credit = estimate.creditMinor;

  const wallet = await walletAccountOf(tx, position.userId, position.walletType, position.currency, now);
  const margin = await systemAccount(tx, SystemAccount.Margin, position.currency, now);
  const fees = await systemAccount(tx, SystemAccount.Fees, position.currency, now);
  const house = await systemAccount(tx, SystemAccount.BrokerPnl, position.currency, now);
  const order = await repo.insertOrder(tx, {
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
  });
  await post(
    tx,
    {
      // A follow's term end reads as the close it is, not as a futures settlement.
      kind: reason === 'user' || reason === 'take_profit' || reason === 'stop_loss' || position.followId !== null ? 'order-close' : reason,
      userId: position.userId,
      referenceType: 'order',
      referenceId: order.id,
      memo: { key: 'memo.close', params: { quantity: shownQuantity(closing, position), code: position.stockCode, price: shownPrice(q.exit, instrument.precision) } },
      lines: [
        { accountId: margin, currency: position.currency, amount: -released },
        { accountId: house, currency: position.currency, amount: -pnlBooked },
        { accountId: fees, currency: position.currency, amount: feeCharged },
        { accountId: wallet, currency: position.currency, amount: credit },
      ],
    },
    now,
  );
  const remaining = position.quantity - closing;
  const status = remaining > 0 ? 'open' : reason === 'liquidation' ? 'liquidated' : reason === 'expiry' ? 'expired' : 'closed';
  const updated = await repo.updatePosition(tx, position.id, {
    quantity: remaining,
    closedQuantity: position.closedQuantity + closing,
    closePrice: q.exit,
    margin: position.margin - released,
    realizedPnl: position.realizedPnl + pnlBooked - feeCharged,
    status,
    updatedAt: now,
  });
  // A follow's term end is told once, by the follow, for all its positions.
  if (reason === 'take_profit' || reason === 'stop_loss') {
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: position.userId,
      notice: {
        title: reason === 'take_profit' ? 'notice.takeProfitTitle' : 'notice.stopLossTitle',
        body: position.direction === OrderDirection.Buy ? 'notice.levelLongBody' : 'notice.levelShortBody',
        params: { quantity: closing, code: position.stockCode, price: shownPrice(q.exit, instrument.precision), result: shownMoney(pnlBooked - feeCharged, position.currency, { signed: true }) },
      },
      createdAt: now,
    });
  } else if (reason !== 'user' && !(reason === 'expiry' && position.followId !== null)) {
    const long = position.direction === OrderDirection.Buy;
    const liquidated = reason === 'liquidation';
    await deliverMessage(tx, afterCommit, deps.notify, {
      userId: position.userId,
      notice: {
        title: liquidated ? 'notice.liquidatedTitle' : 'notice.expiredTitle',
        body: liquidated ? (long ? 'notice.liquidatedLongBody' : 'notice.liquidatedShortBody') : long ? 'notice.expiredLongBody' : 'notice.expiredShortBody',
        params: { quantity: closing, code: position.stockCode, price: shownPrice(q.exit, instrument.precision), result: shownMoney(pnlBooked - feeCharged, position.currency, { signed: true }) },
      },
      createdAt: now,
    });
  }
  afterCommit(() => publish(deps, { order, position: updated }));
  return { order, position: updated, credit };
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
    afterCommit(() => deps.events.positionChanged(updated));
    return toPosition(deps, updated);
  });
}

/**
 * True when the exit price has reached the position's liquidation price: equity (margin plus
 * floating profit) has fallen to the maintenance level, on the tick grid the price is shown on.
 */
export function shouldLiquidate(deps: TradingDeps, position: PositionRow): boolean {
  if (position.status !== 'open') return false;
  const q = exitPrice(deps, position);
  return liquidationReached(position.direction, q.exit, positionLiquidationPrice(deps, position, instrumentOfRow(deps, position), q.rate));
}

/** Largest quantity the wallet's available funds can open, and half of it, in whole steps. */
export async function halfOrFull(
  deps: TradingDeps,
  userId: number,
  body: { stockCode: string; source?: number; market?: string; direction: 0 | 1; leverage?: number; price?: number },
) {
  const instrument = tradableInstrument(deps, body);
  const q = quote(deps, instrument);
  const price = body.price ?? (body.direction === OrderDirection.Buy ? q.ask : q.bid);
  const wallet = walletFor(instrument.source);
  const accounts = await userAccounts(deps.db, userId);
  const account = accounts.find((a) => a.walletType === wallet.walletType && a.currency === wallet.currency);
  const available = account ? account.balance - account.frozen : 0;
  const leverage = Math.min(body.leverage ?? 1, q.rules.leverageMax);
  const full = affordableQuantity(q, price, leverage, available);
  const half = Math.floor(full / 2 / q.rules.step) * q.rules.step;
  return { full: Math.max(0, full), half: Math.max(0, half), price, minCount: q.rules.minCount };
}

/** The most quantity, in whole steps, whose margin and fee at `price` fit in `budget` (minor units). */
export function affordableQuantity(q: ReturnType<typeof quote>, price: number, leverage: number, budget: number): number {
  const { multiplier, feeRate, minFee, step } = q.rules;
  return affordableSteps({ price, multiplier, rate: q.rate, leverage, feeRate, minFee, step, budgetMinor: budget });
}

export async function myPositions(deps: TradingDeps, userId: number, source?: number): Promise<Position[]> {
  return (await repo.openPositions(deps.db, { userId, source, followId: null })).map((row) => toPosition(deps, row));
}

export async function positionsByStock(deps: TradingDeps, userId: number, query: { stockCode: string; source?: number; market?: string }) {
  const instrument = tradableInstrument(deps, query);
  return (await repo.openPositions(deps.db, { userId, source: instrument.source, stockCode: instrument.code, followId: null })).map((row) =>
    toPosition(deps, row),
  );
}

export async function restingOrders(deps: TradingDeps, userId: number, source?: number): Promise<Order[]> {
  return (await repo.restingOrders(deps.db, { userId, source })).map((row) => toOrder(deps, row));
}

export async function closedPositions(deps: TradingDeps, userId: number, query: { source?: number; pageNum: number; pageSize: number }): Promise<Page<Position>> {
  const { rows, total } = await repo.closedPositions(deps.db, userId, query.source, query.pageSize, (query.pageNum - 1) * query.pageSize);
  return { list: rows.map((row) => toPosition(deps, row)), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function orderHistory(deps: TradingDeps, userId: number, query: { source?: number; pageNum: number; pageSize: number }): Promise<Page<Order>> {
  const { rows, total } = await repo.userOrders(deps.db, userId, query.source, query.pageSize, (query.pageNum - 1) * query.pageSize);
  return { list: rows.map((row) => toOrder(deps, row)), total, pageNum: query.pageNum, pageSize: query.pageSize };
}

/** The positions of follow orders and the orders that opened and closed them (modules/follow reads them, also inside its transactions). */
export function followHoldings(db: Database, followIds: readonly number[]) {
  return repo.followHoldings(db, followIds);
}

export function sourceFromPath(path: '/stock/create' | '/gold/create' | '/twStock/create', requested: number | undefined): number | undefined {
  if (path === '/gold/create') return AssetSource.Future;
  if (path === '/twStock/create') return AssetSource.TwStock;
  return requested;
}

import {
  OrderDirection,
  OrderType,
  floatingPnlMinor as pnlMinor,
  liquidationPrice,
  liquidationReached,
  marginRatio,
  orderCosts,
  affordableQuantity as affordableSteps,
  tradableSources,
} from '@tradewind/contract';
import type { PositionRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { conversionRate, type Instrument, resolveInstrument } from '../market/index.js';
import type { TradingDeps } from './trading-deps.js';
import { bidAsk, quoteSourceOf, rulesFor, tickSizeOf } from './trading-rules.js';

// Quotes, costs and the price tests (risk, stops, take-profit and stop-loss) the services and the engine share.

export function tradableInstrument(deps: TradingDeps, query: { stockCode: string; source?: number; market?: string }): Instrument {
  const instrument = resolveInstrument(deps.market, { stockCode: query.stockCode, source: query.source, market: query.market });
  if (!(tradableSources as readonly number[]).includes(instrument.source)) throw AppError.badRequest('order.notTradable', { code: instrument.code });
  return instrument;
}

export function instrumentOfRow(deps: TradingDeps, row: { source: number; stockCode: string }): Instrument {
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

/** The instrument's quote now, or undefined while its currency has no conversion rate (nothing can be valued then). */
export function quoteIfPriced(deps: TradingDeps, instrument: Instrument): Quote | undefined {
  try {
    return quote(deps, instrument);
  } catch {
    return undefined;
  }
}

/** Notional, margin and fee of `quantity` at `price`, in minor units: the contract's orderCosts, which the web's preview uses too. */
export function costs(rules: { feeRate: number; minFee: number }, price: number, quantity: number, multiplier: number, rate: number, leverage: number) {
  const c = orderCosts({ price, quantity, multiplier, rate, leverage, feeRate: rules.feeRate, minFee: rules.minFee });
  return { notional: c.notionalMinor, margin: c.marginMinor, fee: c.feeMinor };
}

export function floatingPnlMinor(position: PositionRow, price: number, rate: number): number {
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

/** The instrument's quote now, as `quote` answers it. */
export type Quote = ReturnType<typeof quote>;

/** The price a position would close at now: longs sell at the bid, shorts buy back at the ask. */
export function exitPrice(deps: TradingDeps, position: PositionRow) {
  const q = quote(deps, instrumentOfRow(deps, position));
  return { ...q, exit: exitOf(position, q) };
}

const exitOf = (position: Pick<PositionRow, 'direction'>, q: Pick<Quote, 'bid' | 'ask'>): number => (position.direction === OrderDirection.Buy ? q.bid : q.ask);

/**
 * Liquidation prices, worked out once per position row (a changed position is a new row) and again only when the
 * conversion rate, the instrument or the maintenance ratio is not the one they were worked out with: the engine looks
 * at every open position of a symbol on every tick of it and values every marked one each second, and the exact
 * decimal sum is ~20 µs.
 */
const liquidationPrices = new WeakMap<PositionRow, { rate: number; instrument: Instrument; ratio: number; price: number | null }>();

export function liquidationPriceOf(deps: Pick<TradingDeps, 'config'>, position: PositionRow, instrument: Instrument, rate: number): number | null {
  const ratio = deps.config.LIQUIDATION_MARGIN_RATIO;
  const known = liquidationPrices.get(position);
  if (known && known.rate === rate && known.instrument === instrument && known.ratio === ratio) return known.price;
  const price = positionLiquidationPrice(deps, position, instrument, rate);
  liquidationPrices.set(position, { rate, instrument, ratio, price });
  return price;
}

/** What an open position is worth at a quote: the price it would close at, its floating profit and its risk. */
export interface PositionValue {
  exit: number;
  /** Floating profit, minor units of the position's currency. */
  pnl: number;
  liquidationPrice: number | null;
  marginRatio: number;
}

/**
 * What `/position/me`, the engine's pushes and its near-liquidation notice show for a position at quote `q` (its
 * instrument's). The liquidation price comes from the per-row memo: it moves only with the rate, not the price.
 */
export function positionValue(deps: Pick<TradingDeps, 'config'>, row: PositionRow, instrument: Instrument, q: Pick<Quote, 'bid' | 'ask' | 'rate'>): PositionValue {
  const exit = exitOf(row, q);
  const pnl = floatingPnlMinor(row, exit, q.rate);
  return {
    exit,
    pnl,
    liquidationPrice: liquidationPriceOf(deps, row, instrument, q.rate),
    marginRatio: marginRatio({ marginMinor: row.margin, floatingPnlMinor: pnl, maintenanceRatio: deps.config.LIQUIDATION_MARGIN_RATIO }),
  };
}

/**
 * False only when the position's exact margin ratio at quote `q` is certainly below `threshold` percent: worked out in
 * floating point with one minor unit of equity to spare (the exact profit is rounded to a minor unit, half up), so it
 * never says false for a ratio that reaches the threshold. The engine's per-second look skips the exact valuation of a
 * position nobody is watching and far from its near-liquidation notice.
 */
export function mayReachMarginRatio(deps: Pick<TradingDeps, 'config'>, row: PositionRow, q: Pick<Quote, 'bid' | 'ask' | 'rate'>, threshold: number): boolean {
  const exit = exitOf(row, q);
  const move = row.direction === OrderDirection.Buy ? exit - row.openPrice : row.openPrice - exit;
  const equity = row.margin + move * row.quantity * row.multiplier * q.rate * 100;
  // ratio = margin × maintenance × 100 / equity reaches the threshold only when equity ≤ margin × maintenance × 100 / threshold.
  return !(equity - 1 > (row.margin * deps.config.LIQUIDATION_MARGIN_RATIO * 100) / threshold);
}

export function crosses(direction: number, limit: number, q: { bid: number; ask: number }): boolean {
  return direction === OrderDirection.Buy ? q.ask <= limit : q.bid >= limit;
}

export const isStopType = (orderType: number) => orderType === OrderType.Stop || orderType === OrderType.StopLimit;

/** Order types that rest in the book with funds held: limit, stop and stop-limit. */
export const restingOrderTypes: readonly number[] = [OrderType.Limit, OrderType.Stop, OrderType.StopLimit];

/** A buy stop goes off when the ask rises to its trigger, a sell stop when the bid falls to it. */
export function stopReached(direction: number, trigger: number, q: { bid: number; ask: number }): boolean {
  return direction === OrderDirection.Buy ? q.ask >= trigger : q.bid <= trigger;
}

/** Which of a position's take-profit and stop-loss the exit price has reached (take-profit first), if any. */
export function tpSlReached(position: Pick<PositionRow, 'direction' | 'takeProfit' | 'stopLoss'>, exit: number): 'take_profit' | 'stop_loss' | null {
  const long = position.direction === OrderDirection.Buy;
  if (position.takeProfit !== null && (long ? exit >= position.takeProfit : exit <= position.takeProfit)) return 'take_profit';
  if (position.stopLoss !== null && (long ? exit <= position.stopLoss : exit >= position.stopLoss)) return 'stop_loss';
  return null;
}

/**
 * The engine's quick look (no database): has this open position's exit price reached its take-profit or stop-loss?
 * `q` is its instrument's quote now (the engine shares one among a tick's positions).
 */
export function tpSlDue(deps: TradingDeps, position: PositionRow, q: Quote = quote(deps, instrumentOfRow(deps, position))): boolean {
  if (position.status !== 'open' || (position.takeProfit === null && position.stopLoss === null)) return false;
  return tpSlReached(position, exitOf(position, q)) !== null;
}

/**
 * True when the exit price has reached the position's liquidation price: equity (margin plus
 * floating profit) has fallen to the maintenance level, on the tick grid the price is shown on.
 */
export function shouldLiquidate(deps: TradingDeps, position: PositionRow, q: Quote = quote(deps, instrumentOfRow(deps, position))): boolean {
  if (position.status !== 'open') return false;
  return liquidationReached(position.direction, exitOf(position, q), liquidationPriceOf(deps, position, instrumentOfRow(deps, position), q.rate));
}

/** The most quantity, in whole steps, whose margin and fee at `price` fit in `budget` (minor units). */
export function affordableQuantity(q: ReturnType<typeof quote>, price: number, leverage: number, budget: number): number {
  const { multiplier, feeRate, minFee, step } = q.rules;
  return affordableSteps({ price, multiplier, rate: q.rate, leverage, feeRate, minFee, step, budgetMinor: budget });
}

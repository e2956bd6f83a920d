import { z } from 'zod';
import { OrderDirection, OrderStatus, OrderType, type TradableSource, assetSources, tradableSources } from './codes.js';
import { stockCodeSchema } from './market.js';
import { amountSchema } from './money.js';

const source = z.coerce
  .number()
  .int()
  .refine((n): n is TradableSource => (tradableSources as readonly number[]).includes(n), 'must be 0, 2, 3, 7 or 99');
const direction = z.union([z.literal(OrderDirection.Buy), z.literal(OrderDirection.Sell)], { error: 'must be 0 (buy-up) or 1 (buy-down)' });
const orderType = z.union([z.literal(OrderType.Market), z.literal(OrderType.Limit), z.literal(OrderType.Stop), z.literal(OrderType.StopLimit)], {
  error: 'must be 0 (market), 1 (limit), 2 (stop) or 3 (stop-limit)',
});
const quantity = z.number().int('must be a whole number').positive().max(100_000_000);
const price = z.number().positive().max(1e9);
const leverage = z.number().int('must be a whole number').min(1).max(1000);
const marketName = z.string().trim().min(1).max(16).transform((m) => m.toUpperCase());

/**
 * Time in force of a limit, stop or stop-limit order (issue 20): `DAY` expires at the close of the
 * instrument's trading session it was placed in, `GTC` rests until filled or cancelled (at most
 * {@link GTC_MAX_DAYS} days). Omitted, a resting order is `GTC`, as every order was before; a market
 * order takes none (it fills at once).
 */
export const timeInForceValues = ['DAY', 'GTC'] as const;
export type TimeInForce = (typeof timeInForceValues)[number];
export const timeInForceSchema = z.enum(timeInForceValues, { error: 'must be DAY or GTC' });
export const DEFAULT_TIME_IN_FORCE: TimeInForce = 'GTC';
/** A good-till-cancelled order that neither fills nor is cancelled expires this many days after it was placed. */
export const GTC_MAX_DAYS = 90;

const orderFields = {
  market: marketName.optional(),
  source: source.optional(),
  direction,
  orderType,
  price: price.optional(),
  /** Stop and stop-limit orders: the price that sets them off (buy: ask at or above it; sell: bid at or below it). */
  triggerPrice: price.optional(),
  quantity,
  leverage: leverage.optional(),
  /** Levels set on the position when the order fills (the same rules as `/position/setTpSl`, judged at the expected fill price). */
  takeProfit: price.optional(),
  stopLoss: price.optional(),
  /** Limit, stop and stop-limit orders: DAY or GTC (the default); refused on a market order. */
  timeInForce: timeInForceSchema.optional(),
};

/** A limit and a stop-limit order need a price, a stop and a stop-limit order a trigger; the others take none. */
function checkOrderPrices(body: { orderType: number; price?: number; triggerPrice?: number; timeInForce?: TimeInForce }, ctx: z.RefinementCtx) {
  const stop = body.orderType === OrderType.Stop || body.orderType === OrderType.StopLimit;
  const limited = body.orderType === OrderType.Limit || body.orderType === OrderType.StopLimit;
  if (stop && body.triggerPrice === undefined) ctx.addIssue({ code: 'custom', path: ['triggerPrice'], message: 'is required for a stop or stop-limit order' });
  if (!stop && body.triggerPrice !== undefined) ctx.addIssue({ code: 'custom', path: ['triggerPrice'], message: 'is only for stop and stop-limit orders' });
  if (limited && body.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'is required for a limit or stop-limit order' });
  if (body.orderType === OrderType.Stop && body.price !== undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'a stop order fills at market: send triggerPrice only' });
  if (body.orderType === OrderType.Market && body.timeInForce !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['timeInForce'], message: 'is only for limit, stop and stop-limit orders' });
  }
}

/** DESIGN §11 body of `/stock/create` and `/twStock/create`. */
export const createOrderBody = z.strictObject({ stockCode: stockCodeSchema, ...orderFields }).superRefine(checkOrderPrices);
/** SPEC §7: `/gold/create` (futures) sends `goldCode` and `goldName`. */
export const createFuturesOrderBody = z
  .strictObject({
    goldCode: stockCodeSchema,
    goldName: z.string().max(100).optional(),
    /** The contract month's code (`/m_ft/futures_opt_list` stock_code, e.g. ZCH27); the front month when omitted. */
    contract: stockCodeSchema.optional(),
    ...orderFields,
  })
  .superRefine(checkOrderPrices);
export type CreateOrderInput = z.infer<typeof createOrderBody>;
export type CreateFuturesOrderInput = z.infer<typeof createFuturesOrderBody>;

export const orderSchema = z.object({
  id: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  source: z.number().int(),
  direction: z.number().int(),
  orderType: z.number().int(),
  /** 0 open, 1 close (SPEC §3). */
  openClose: z.number().int(),
  /** SPEC §4: 0 in progress, 1 success, 2 cancelled. */
  status: z.union([z.literal(OrderStatus.InProgress), z.literal(OrderStatus.Success), z.literal(OrderStatus.Cancelled), z.literal(OrderStatus.Pending)]),
  price: z.number().nullable(),
  /** Stop and stop-limit orders: the trigger, and whether it has been reached (a stop-limit then rests at `price`). */
  triggerPrice: z.number().nullable(),
  triggered: z.boolean(),
  quantity: z.number().int(),
  leverage: z.number().int(),
  fillPrice: z.number().nullable(),
  fee: z.number(),
  margin: z.number(),
  currency: z.string(),
  positionId: z.number().int().nullable(),
  /** Realised profit of a closing order. */
  profit: z.number().nullable(),
  /** Take-profit and stop-loss asked at entry, set on the position when the order fills. */
  takeProfit: z.number().nullable().default(null),
  stopLoss: z.number().nullable().default(null),
  /** Futures: the contract month traded (e.g. ZCH27). */
  contract: z.string().nullable().default(null),
  /** Limit, stop and stop-limit orders: DAY or GTC; null for a market or closing order. */
  timeInForce: timeInForceSchema.nullable().default(null),
  /** When a resting order expires unless filled or cancelled first (seconds); null when it cannot. */
  expiresTimestamp: z.number().int().nullable().default(null),
  /** Cancelled because its time in force ran out (status 2), not by its owner. */
  expired: z.boolean().default(false),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

/** SPEC §3 position, with the quote fields the trade screen shows. */
export const positionSchema = z.object({
  id: z.number().int(),
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  source: z.number().int(),
  direction: z.number().int(),
  positionNum: z.number().int(),
  openPrice: z.number(),
  nowPrice: z.number(),
  leverage: z.number().int(),
  /** Isolated margin held for the position, in its wallet currency. */
  isolatedPosition: z.number(),
  /** Floating profit in the wallet currency. */
  profit: z.number(),
  /** Profit as a percent of the margin. */
  zdf: z.number(),
  /** Realised profit (closed part, or the whole once closed). */
  sellProfit: z.number(),
  currency: z.string(),
  /** Equity at which the position is liquidated. */
  liquidationEquity: z.number(),
  /**
   * Exit price (bid for a long, ask for a short) at which the engine liquidates the open position,
   * on the tick grid (pricing liquidationPrice); null when closed or when no positive price reaches it.
   */
  liquidationPrice: z.number().nullable(),
  /** Maintenance margin ÷ equity in percent (100 = liquidation; pricing marginRatio); null when closed. */
  marginRatio: z.number().nullable(),
  status: z.enum(['open', 'closed', 'liquidated', 'expired']),
  expiresTimestamp: z.number().int().nullable(),
  /** Futures: the contract month held (e.g. ZCH27); it expires at `expiresTimestamp`. */
  contract: z.string().nullable().default(null),
  /** The engine closes the position when its exit price (bid for a long, ask for a short) reaches either. */
  takeProfit: z.number().nullable(),
  stopLoss: z.number().nullable(),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type Position = z.infer<typeof positionSchema>;

/** Lists filter by any asset source (block trades and IPOs included). */
const anySource = z.coerce
  .number()
  .int()
  .refine((n) => (assetSources as readonly number[]).includes(n), 'must be an asset source (0, 2, 3, 4, 5, 7 or 99)');
export const positionListBody = z.strictObject({ source: anySource.optional(), classify: z.string().max(20).optional() });
export const pagedListBody = z.strictObject({
  source: anySource.optional(),
  classify: z.string().max(20).optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const positionByStockBody = z.strictObject({ stockCode: stockCodeSchema, source: source.optional(), market: marketName.optional() });
export const flatPositionBody = z.strictObject({ id: z.coerce.number().int().positive(), quantity: quantity.optional() });
/** Sets, moves or clears (null) the take-profit and stop-loss of an open position; an omitted field is left as it is. */
export const setTpSlBody = z.strictObject({ id: z.coerce.number().int().positive(), takeProfit: price.nullable().optional(), stopLoss: price.nullable().optional() });
export type SetTpSlBody = z.infer<typeof setTpSlBody>;
export const cancelOrderBody = z.strictObject({ id: z.coerce.number().int().positive() });
export const addMarginBody = z.strictObject({ id: z.coerce.number().int().positive(), amount: amountSchema });

export const halfOrFullBody = z.strictObject({
  stockCode: stockCodeSchema,
  source: source.optional(),
  market: marketName.optional(),
  direction,
  leverage: leverage.optional(),
  price: price.optional(),
});
export const halfOrFullSchema = z.object({ full: z.number().int(), half: z.number().int(), price: z.number(), minCount: z.number().int() });

export const minCountBody = z.strictObject({ source: source.optional(), stockCode: stockCodeSchema.optional() });
export const tradingRulesSchema = z.object({
  source: z.number().int(),
  minCount: z.number().int(),
  step: z.number().int(),
  leverageMax: z.number().int(),
  /** Fee as a fraction of notional, charged at open and at close. */
  feeRate: z.number(),
  minFee: z.number(),
  multiplier: z.number(),
  currency: z.string(),
  /** Equity as a fraction of margin at which a position is liquidated (liquidationPrice's maintenanceRatio). */
  maintenanceRatio: z.number(),
  /** The instrument's price increment at the current price (liquidationPrice's tickSize). */
  tickSize: z.number(),
});
export type TradingRules = z.infer<typeof tradingRulesSchema>;

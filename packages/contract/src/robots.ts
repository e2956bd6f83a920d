import { z } from 'zod';
import { amountSchema } from './money.js';
import { stockCodeSchema } from './market.js';
import { orderSchema } from './trading.js';

/** The rule-based strategies a quant robot runs (issue 6). */
export const robotStrategies = ['grid', 'dca', 'ma'] as const;
export type RobotStrategy = (typeof robotStrategies)[number];

/** SPEC §3 trading status of a robot. */
export const robotStatuses = ['running', 'paused', 'stopped'] as const;
export type RobotStatus = (typeof robotStatuses)[number];

/** How often a dollar-cost-averaging robot buys, and how long that is. */
export const dcaIntervals = ['1m', '1h', '1d', '1w'] as const;
export const dcaIntervalSeconds: Record<(typeof dcaIntervals)[number], number> = { '1m': 60, '1h': 3600, '1d': 86_400, '1w': 604_800 };

/** Bar lengths the market keeps (the moving averages and the backtest read them). */
export const robotBarIntervals = ['1m', '5m', '30m', '1d'] as const;
export type RobotBarInterval = (typeof robotBarIntervals)[number];

const price = z.number().positive().max(1e7);
const marketName = z.string().trim().min(1).max(16).transform((m) => m.toUpperCase());

/** Grid: buy one grid's amount each time the price falls through a line, sell it one line higher. */
export const gridParamsSchema = z
  .strictObject({
    lower: price,
    upper: price,
    grids: z.number().int('must be a whole number').min(2).max(100),
    amountPerGrid: amountSchema,
  })
  .superRefine((p, ctx) => {
    if (p.upper <= p.lower) ctx.addIssue({ code: 'custom', path: ['upper'], message: 'must be above lower' });
  });

/** Dollar-cost averaging: buy the same amount every interval. */
export const dcaParamsSchema = z.strictObject({
  amountPerInterval: amountSchema,
  interval: z.enum(dcaIntervals),
});

/** Moving-average crossover: buy when the short average crosses above the long one, sell when it crosses below. */
export const maParamsSchema = z
  .strictObject({
    shortPeriod: z.number().int('must be a whole number').min(2).max(100),
    longPeriod: z.number().int('must be a whole number').min(3).max(250),
    barInterval: z.enum(robotBarIntervals),
    amountPerTrade: amountSchema,
  })
  .superRefine((p, ctx) => {
    if (p.longPeriod <= p.shortPeriod) ctx.addIssue({ code: 'custom', path: ['longPeriod'], message: 'must be above shortPeriod' });
  });

/** Parameters as stored and used: amounts in minor units. */
export type GridParams = z.output<typeof gridParamsSchema>;
export type DcaParams = z.output<typeof dcaParamsSchema>;
export type MaParams = z.output<typeof maParamsSchema>;
export type RobotParams =
  | { strategy: 'grid'; params: GridParams }
  | { strategy: 'dca'; params: DcaParams }
  | { strategy: 'ma'; params: MaParams };

const instrumentFields = {
  stockCode: stockCodeSchema,
  source: z.number().int().optional(),
  market: marketName.optional(),
  /** The budget: the robot never spends more than this on open positions (SPEC §5 amount, in the trading wallet). */
  amount: amountSchema,
};

function robotBody<E extends Record<string, z.ZodType>>(extra: E) {
  return z.discriminatedUnion('strategy', [
    z.strictObject({ strategy: z.literal('grid'), params: gridParamsSchema, ...instrumentFields, ...extra }),
    z.strictObject({ strategy: z.literal('dca'), params: dcaParamsSchema, ...instrumentFields, ...extra }),
    z.strictObject({ strategy: z.literal('ma'), params: maParamsSchema, ...instrumentFields, ...extra }),
  ]);
}

export const robotCreateBody = robotBody({});
export const robotBacktestBody = robotBody({
  /** The history bars the backtest walks (the moving-average robot uses its own bar interval). */
  interval: z.enum(robotBarIntervals).default('1d'),
});
export type RobotCreateBody = z.input<typeof robotCreateBody>;
export type RobotBacktestBody = z.input<typeof robotBacktestBody>;

export const robotIdBody = z.strictObject({ id: z.coerce.number().int().positive() });
export const robotStopBody = z.strictObject({
  id: z.coerce.number().int().positive(),
  /** Close the robot's open positions at market as it stops; otherwise they stay as ordinary positions. */
  closePositions: z.boolean().default(false),
});
export const robotPageBody = z.strictObject({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const robotRecordBody = robotPageBody.extend({ id: z.coerce.number().int().positive() });

/** Parameters on the wire: amounts back in decimal money. */
export const robotParamsOut = z.record(z.string(), z.union([z.number(), z.string()]));

export const robotSchema = z.object({
  id: z.number().int(),
  strategy: z.enum(robotStrategies),
  stockCode: z.string(),
  name: z.string(),
  market: z.string(),
  source: z.number().int(),
  currency: z.string(),
  amount: z.number(),
  params: robotParamsOut,
  /** SPEC §3 trading status. */
  tradingStatus: z.enum(robotStatuses),
  /** SPEC §3 income: realised plus floating P&L of the robot's own fills, after fees. */
  income: z.number(),
  realisedIncome: z.number(),
  floatingIncome: z.number(),
  /** Budget not tied up in open positions. */
  available: z.number(),
  openQuantity: z.number().int(),
  tradeCount: z.number().int(),
  createTimeTimestamp: z.number().int(),
  modifyTimeTimestamp: z.number().int(),
});
export type Robot = z.infer<typeof robotSchema>;

/** One line of a robot's purchase record: what it decided and the ordinary order that carried it out. */
export const robotTradeSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  side: z.enum(['buy', 'sell']),
  status: z.enum(['pending', 'filled', 'failed']),
  /** Why a step failed, in the caller's language. */
  error: z.string().nullable(),
  order: orderSchema.nullable(),
  createTimeTimestamp: z.number().int(),
});
export type RobotTrade = z.infer<typeof robotTradeSchema>;

export const backtestTradeSchema = z.object({
  /** When it filled (the end of its bar), seconds. Trades are listed oldest first. */
  time: z.number().int(),
  side: z.enum(['buy', 'sell']),
  price: z.number(),
  quantity: z.number().int(),
  fee: z.number(),
  /**
   * The round trip (one entry and the exit that closes it) this trade belongs to, numbered 1, 2 …
   * in the order the entries were made: a grid can close a later entry before an earlier one, so
   * neighbouring rows need not be a pair.
   */
  roundTrip: z.number().int().positive(),
  /** On a sell, the entry it closes: its fill price and time (null on a buy). */
  entryPrice: z.number().nullable(),
  entryTime: z.number().int().nullable(),
  /** Realised on a sell for the whole round trip, after both fees (null on a buy). */
  profit: z.number().nullable(),
});

export const backtestResultSchema = z.object({
  strategy: z.enum(robotStrategies),
  stockCode: z.string(),
  interval: z.enum(robotBarIntervals),
  bars: z.number().int(),
  fromTimestamp: z.number().int().nullable(),
  toTimestamp: z.number().int().nullable(),
  trades: z.array(backtestTradeSchema),
  /** Realised plus floating at the last bar's close, in the wallet currency. */
  finalPnl: z.number(),
  returnPercent: z.number(),
  /** Largest fall of equity from a previous peak, in money and in percent of that peak. */
  maxDrawdown: z.number(),
  maxDrawdownPercent: z.number(),
  currency: z.string(),
});
export type BacktestResult = z.infer<typeof backtestResultSchema>;

export const robotStrategyInfoSchema = z.object({
  strategy: z.enum(robotStrategies),
  params: z.array(z.object({ name: z.string(), kind: z.enum(['price', 'amount', 'integer', 'choice']), options: z.array(z.string()).optional() })),
});
export type RobotStrategyInfo = z.infer<typeof robotStrategyInfoSchema>;

import { z } from 'zod';
import { type QuoteSource, quoteSources } from './codes.js';

/**
 * Market data of SPEC §3 and §7. An instrument is identified by its `source` and `stock_code`
 * (a futures root such as `HE` can share a ticker with a stock); `market` names its exchange.
 */

export const MarketType = {
  US: 'US',
  TW: 'TW',
  Index: 'INDEX',
  Futures: 'FUTURES',
  Forex: 'FOREX',
} as const;
export type MarketType = (typeof MarketType)[keyof typeof MarketType];
export const marketTypes = Object.values(MarketType);

export const UsExchange = { NASDAQ: 'NASDAQ', NYSE: 'NYSE', AMEX: 'AMEX' } as const;
export type UsExchange = (typeof UsExchange)[keyof typeof UsExchange];
export const usExchanges = Object.values(UsExchange);

export const FuturesGroup = { Metals: 'metals', Energy: 'energy', Agricultural: 'agricultural' } as const;
export type FuturesGroup = (typeof FuturesGroup)[keyof typeof FuturesGroup];
export const futuresGroups = Object.values(FuturesGroup);
/** A futures price is in dollars per unit, or in US cents per unit (grains, livestock, softs). */
export const futuresQuoteUnits = ['USD', 'USc'] as const;
export type FuturesQuoteUnit = (typeof futuresQuoteUnits)[number];

export const TopListType = { Gainers: 'gainers', Losers: 'losers', Active: 'active' } as const;
export type TopListType = (typeof TopListType)[keyof typeof TopListType];
export const topListTypes = Object.values(TopListType);

/** SPEC §9 chart ranges, as sent in `type` of `/m_ft/kline`. */
export const KlineRange = {
  Intraday: 'intraday',
  Day: '1D',
  Week: '1W',
  Month: '1M',
  Quarter: '3M',
  Year: '1Y',
} as const;
export type KlineRange = (typeof KlineRange)[keyof typeof KlineRange];
export const klineRanges = Object.values(KlineRange);

/** `classify` of a quote item and of a watchlist entry. */
export const Classify = {
  UsStock: 'UsStock',
  TwStock: 'TwStock',
  GlobalIndex: 'GlobalIndex',
  Future: 'Future',
  Forex: 'Forex',
} as const;
export type Classify = (typeof Classify)[keyof typeof Classify];
export const classifies = Object.values(Classify);

export const stockCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9.^=-]+$/, 'must be letters, digits, dot or dash')
  .transform((code) => code.toUpperCase());

const sourceQuery = z.coerce
  .number()
  .int()
  .refine((n): n is QuoteSource => (quoteSources as readonly number[]).includes(n), 'must be 0, 2, 3, 7 or 99');

const marketQuery = z.string().trim().min(1).max(16).transform((m) => m.toUpperCase());

/** SPEC §3 quote or stock item. Prices are decimal numbers rounded to the instrument's `precision`. */
export const quoteItemSchema = z.object({
  name: z.string(),
  stock_code: z.string(),
  change: z.number(),
  /** Percent, two decimals: 1.25 means +1.25 %. */
  change_ratio: z.number(),
  price_nominal: z.number(),
  volume: z.number().int(),
  market: z.string(),
  marketType: z.enum(marketTypes),
  classify: z.enum(classifies),
  /** 1 when the signed-in user watches it, else 0. */
  selfSelectStatus: z.union([z.literal(0), z.literal(1)]),
  source: z.number().int(),
  localLogoUrl: z.string(),
  profile: z.string(),
  /** Time of the last price, Unix seconds. */
  currencyUsDatetime: z.number().int(),
  /** Derived: true when `change` is negative. */
  fall: z.boolean(),
  currency: z.string(),
  precision: z.number().int(),
  /**
   * The house's quote (it is the market maker): sellers get the bid, buyers pay the ask, a spread
   * around `price_nominal` on the instrument's price increments, rounded to `precision`.
   */
  bid: z.number(),
  ask: z.number(),
  isOpen: z.boolean(),
  /** Futures only: whether the price is in dollars or US cents (corn: cents per bushel). */
  quotedIn: z.enum(futuresQuoteUnits).optional(),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

/** The popular product page: instruments by orders of the last 7 days and by watchlists, with the count. */
export const popularItemSchema = quoteItemSchema.extend({ count: z.number().int() });
export type PopularItem = z.infer<typeof popularItemSchema>;
export const popularSchema = z.object({ mostTraded: z.array(popularItemSchema), mostWatched: z.array(popularItemSchema) });
export type Popular = z.infer<typeof popularSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const PAGE_SIZE_MAX = 100;
const paging = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
};

export const topListQuery = z.strictObject({
  type: z.enum(topListTypes).default(TopListType.Gainers),
  market: z.enum(usExchanges).optional(),
  ...paging,
});

export const stockListQuery = z.strictObject({
  market: z.enum(usExchanges).optional(),
  ...paging,
});

export const twStockListQuery = z.strictObject({ ...paging });

export const futuresListQuery = z.strictObject({ group: z.enum(futuresGroups).optional() });

export const futuresOptionsQuery = z.strictObject({ stockCode: stockCodeSchema });

export const searchQuery = z.strictObject({
  keyword: z.string().trim().max(50).default(''),
  source: sourceQuery.optional(),
  ...paging,
});

export const instrumentQuery = z.strictObject({
  stockCode: stockCodeSchema,
  market: marketQuery.optional(),
  source: sourceQuery.optional(),
});

export const klineQuery = z.strictObject({
  stockCode: stockCodeSchema,
  type: z.enum(klineRanges),
  market: marketQuery.optional(),
  source: sourceQuery.optional(),
});

/** SPEC §3 kline point: `o` the close value, `k` the bar's start in Unix seconds; OHLCV for candles. */
export const klinePointSchema = z.object({
  k: z.number().int(),
  o: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().int(),
});
export type KlinePoint = z.infer<typeof klinePointSchema>;

export const klineSchema = z.object({
  stockCode: z.string(),
  type: z.enum(klineRanges),
  /** Bar length in seconds. */
  interval: z.number().int(),
  previousClose: z.number(),
  points: z.array(klinePointSchema),
});
export type Kline = z.infer<typeof klineSchema>;

export const summaryDetailSchema = z.object({
  stock_code: z.string(),
  name: z.string(),
  price_nominal: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  previousClose: z.number(),
  high52w: z.number(),
  low52w: z.number(),
  volume: z.number().int(),
  /** Price times shares outstanding in the instrument's currency; null where shares do not apply. */
  marketCap: z.number().nullable(),
  sharesOutstanding: z.number().int().nullable(),
  sector: z.string().nullable(),
  currency: z.string(),
  precision: z.number().int(),
  tradingDate: z.string(),
});
export type SummaryDetail = z.infer<typeof summaryDetailSchema>;

export const stockDetailSchema = quoteItemSchema.extend({ summary: summaryDetailSchema });
export type StockDetail = z.infer<typeof stockDetailSchema>;

export const futuresContractSchema = z.object({
  stock_code: z.string(),
  root: z.string(),
  name: z.string(),
  /** Contract month as `YYYY-MM`. */
  month: z.string(),
  /** Unix seconds of the last trading day (end of that day, exchange time). */
  lastTradeDate: z.number().int(),
  isFront: z.boolean(),
});
export type FuturesContract = z.infer<typeof futuresContractSchema>;

export const futuresDetailSchema = quoteItemSchema.extend({
  bidVolume: z.number().int(),
  askVolume: z.number().int(),
  openInterest: z.number().int(),
  openInterestChange: z.number().int(),
  expiryDate: z.number().int(),
  contract: z.string(),
  previousSettle: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  contractSize: z.number(),
  unit: z.string(),
  tickSize: z.number(),
  group: z.enum(futuresGroups),
  /** What a price is quoted in: dollars, or US cents per unit (corn: cents per bushel). */
  quotedIn: z.enum(futuresQuoteUnits).default('USD'),
});
export type FuturesDetail = z.infer<typeof futuresDetailSchema>;

export const tradingSessionSchema = z.object({ open: z.number().int(), close: z.number().int() });

export const tradingDaySchema = z.object({
  marketType: z.enum(marketTypes),
  /** `YYYY-MM-DD` in the market's own time zone. */
  date: z.string(),
  isTradingDay: z.boolean(),
  holidayName: z.string().nullable(),
  timeZone: z.string(),
  /** Session opening and closing times in Unix seconds. */
  sessions: z.array(tradingSessionSchema),
});
export type TradingDay = z.infer<typeof tradingDaySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const tradingDayPageBody = z.strictObject({
  marketType: z.enum(marketTypes).default(MarketType.US),
  startDate: isoDate.optional(),
  ...paging,
});

export const marketLookupBody = z.strictObject({
  stkcode: stockCodeSchema,
  stkName: z.string().trim().max(50).optional(),
  market: marketQuery.optional(),
  source: sourceQuery.optional(),
});

export const marketLookupSchema = z.object({
  stock_code: z.string(),
  name: z.string(),
  market: z.string(),
  marketType: z.enum(marketTypes),
  source: z.number().int(),
  currency: z.string(),
  isOpen: z.boolean(),
});
export type MarketLookup = z.infer<typeof marketLookupSchema>;

export const marketStatusSchema = z.object({
  marketType: z.enum(marketTypes),
  timeZone: z.string(),
  isOpen: z.boolean(),
  /** Unix seconds of the next opening (when closed) and closing (when open). */
  nextOpen: z.number().int().nullable(),
  nextClose: z.number().int().nullable(),
});
export type MarketStatus = z.infer<typeof marketStatusSchema>;

/** Watchlist (SPEC §7 userSelfSecurity). */
export const watchlistSaveBody = z.strictObject({
  classify: z.enum(classifies).optional(),
  assettype: z.coerce
    .number()
    .int()
    .refine((n) => (quoteSources as readonly number[]).includes(n), 'must be 0, 2, 3, 7 or 99')
    .optional(),
  securityName: z.string().trim().max(50).optional(),
  secuCode: stockCodeSchema,
  market: marketQuery.optional(),
});

export const watchlistToggleSchema = z.object({
  /** True when the instrument is now watched, false when the toggle removed it. */
  selected: z.boolean(),
  id: z.number().int().nullable(),
});
export type WatchlistToggle = z.infer<typeof watchlistToggleSchema>;

export const watchlistItemSchema = quoteItemSchema.extend({ id: z.number().int(), sort: z.number().int() });
export type WatchlistItem = z.infer<typeof watchlistItemSchema>;

export const watchlistSortBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

export const idParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const stockCodeParams = z.strictObject({ stockCode: stockCodeSchema });

/** Logo path for instruments without an image: initials rendered as SVG. */
export function localLogoPath(source: number, code: string): string {
  return `/logo/${source}/${encodeURIComponent(code)}.svg`;
}

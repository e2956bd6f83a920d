import {
  AssetSource,
  KlineRange,
  TopListType,
  type FuturesContract,
  type FuturesDetail,
  type Kline,
  type MarketLookup,
  type MarketStatus,
  type MarketType,
  type Page,
  type QuoteItem,
  type StockDetail,
  type SummaryDetail,
  type TradingDay,
} from '@tradewind/contract';
import { AppError } from '../../lib/app-error.js';
import { intervalSeconds, type Bar, type Interval } from './feed/bars.js';
import {
  currentOrNextSession,
  holidayName,
  isBusinessDay,
  isOpenAt,
  latestSession,
  sessionAt,
  sessionOf,
  type TradingCalendar,
} from './calendar/calendar.js';
import { upcomingContracts } from './catalog/futures-expiry.js';
import type { Instrument, InstrumentCatalog } from './catalog/instruments.js';
import { houseBidAsk } from './feed/house-quote.js';
import { changeOf, type MarketFeed } from './feed/market-feed.js';
import { seededRandom } from './feed/random.js';
import { addDays, zonedParts, zonedToUtc } from './calendar/zoned-time.js';
import { pageAnswer, pageOf } from '../../db/paging.js';

export interface MarketDeps {
  catalog: InstrumentCatalog;
  feed: MarketFeed;
  calendars: Record<MarketType, TradingCalendar>;
  now: () => number;
  seed: string;
}

/** Keys `source:code` the caller watches, so lists can fill `selfSelectStatus`. */
export type WatchedSet = ReadonlySet<string>;

export function quoteItem(deps: MarketDeps, instrument: Instrument, watched: WatchedSet): QuoteItem {
  const state = deps.feed.quote(instrument);
  return {
    name: instrument.name,
    stock_code: instrument.code,
    ...changeOf(state),
    price_nominal: state.price,
    volume: state.volume,
    market: instrument.market,
    marketType: instrument.marketType,
    classify: instrument.classify,
    selfSelectStatus: watched.has(instrument.key) ? 1 : 0,
    source: instrument.source,
    localLogoUrl: instrument.localLogoUrl,
    profile: instrument.profile,
    currencyUsDatetime: Math.floor(state.updatedAt / 1000),
    currency: instrument.currency,
    precision: instrument.precision,
    ...houseBidAsk(instrument, state.price),
    isOpen: isOpenAt(instrument.calendar, deps.now()),
    ...(instrument.futures && { quotedIn: instrument.futures.quotedIn }),
  };
}

function paginate<T>(items: readonly T[], pageNum: number, pageSize: number): Page<T> {
  const { offset, limit } = pageOf({ pageNum, pageSize });
  return pageAnswer(items.slice(offset, offset + limit), items.length, { pageNum, pageSize });
}

const ofSource = (deps: MarketDeps, source: number) => deps.catalog.all.filter((i) => i.source === source);

/** Resolves a quote page's `code` (+ optional market, source) to an instrument, or 404. */
export function resolveInstrument(deps: MarketDeps, query: { stockCode: string; market?: string; source?: number }): Instrument {
  const instrument = deps.catalog.find(query.stockCode, { market: query.market, source: query.source });
  if (!instrument) throw AppError.badRequest('market.unknownInstrument', { code: query.stockCode });
  return instrument;
}

export function usStocks(deps: MarketDeps, query: { market?: string; pageNum: number; pageSize: number }, watched: WatchedSet): Page<QuoteItem> {
  const list = ofSource(deps, AssetSource.Stock).filter((i) => !query.market || i.market === query.market);
  return paginate(list.map((i) => quoteItem(deps, i, watched)), query.pageNum, query.pageSize);
}

export function topList(
  deps: MarketDeps,
  query: { type: TopListType; market?: string; pageNum: number; pageSize: number },
  watched: WatchedSet,
): Page<QuoteItem> {
  const items = ofSource(deps, AssetSource.Stock)
    .filter((i) => !query.market || i.market === query.market)
    .map((i) => quoteItem(deps, i, watched));
  const byCode = (a: QuoteItem, b: QuoteItem) => a.stock_code.localeCompare(b.stock_code);
  switch (query.type) {
    case TopListType.Gainers:
      return paginate(
        items.filter((q) => q.change_ratio > 0).sort((a, b) => b.change_ratio - a.change_ratio || byCode(a, b)),
        query.pageNum,
        query.pageSize,
      );
    case TopListType.Losers:
      return paginate(
        items.filter((q) => q.change_ratio < 0).sort((a, b) => a.change_ratio - b.change_ratio || byCode(a, b)),
        query.pageNum,
        query.pageSize,
      );
    case TopListType.Active:
      // Most active by traded value (shares × price), so a penny stock's share count does not lead.
      return paginate(
        items.sort((a, b) => b.volume * b.price_nominal - a.volume * a.price_nominal || byCode(a, b)),
        query.pageNum,
        query.pageSize,
      );
  }
}

/** Hot stocks: the most traded US names of the day by dollar volume. */
export function hotStocks(deps: MarketDeps, watched: WatchedSet): QuoteItem[] {
  return topList(deps, { type: TopListType.Active, pageNum: 1, pageSize: 10 }, watched).list;
}

const DEFAULT_HOME_LIST = [
  [AssetSource.GlobalIndex, 'SPX'],
  [AssetSource.GlobalIndex, 'IXIC'],
  [AssetSource.Stock, 'AAPL'],
  [AssetSource.Stock, 'NVDA'],
  [AssetSource.Stock, 'TSLA'],
  [AssetSource.Future, 'GC'],
  [AssetSource.Forex, 'EURUSD'],
] as const;

/** Home's custom list: the caller's watchlist, or a starter set for a visitor or an empty watchlist. */
export function homeCustomList(deps: MarketDeps, watchedInOrder: readonly Instrument[], watched: WatchedSet): QuoteItem[] {
  const list =
    watchedInOrder.length > 0
      ? watchedInOrder
      : DEFAULT_HOME_LIST.map(([source, code]) => deps.catalog.get(source, code)).filter((i): i is Instrument => i !== undefined);
  return list.map((i) => quoteItem(deps, i, watched));
}

export function futuresList(deps: MarketDeps, group: string | undefined, watched: WatchedSet): QuoteItem[] {
  return ofSource(deps, AssetSource.Future)
    .filter((i) => !group || i.futures?.group === group)
    .map((i) => quoteItem(deps, i, watched));
}

export function globalIndices(deps: MarketDeps, watched: WatchedSet): QuoteItem[] {
  return ofSource(deps, AssetSource.GlobalIndex).map((i) => quoteItem(deps, i, watched));
}

export function taiwanStocks(deps: MarketDeps, query: { pageNum: number; pageSize: number }, watched: WatchedSet): Page<QuoteItem> {
  return paginate(ofSource(deps, AssetSource.TwStock).map((i) => quoteItem(deps, i, watched)), query.pageNum, query.pageSize);
}

/** Search by code or name: exact code first, then code prefix, then name matches. */
export function search(
  deps: MarketDeps,
  query: { keyword: string; source?: number; pageNum: number; pageSize: number },
  watched: WatchedSet,
): Page<QuoteItem> {
  const keyword = query.keyword.toUpperCase();
  const rank = (i: Instrument) => {
    if (!keyword) return 3;
    if (i.code === keyword) return 0;
    if (i.code.startsWith(keyword)) return 1;
    if (i.name.toUpperCase().includes(keyword) || i.code.includes(keyword)) return 2;
    return -1;
  };
  const matches = deps.catalog.all
    .filter((i) => query.source === undefined || i.source === query.source)
    .map((i) => ({ i, r: rank(i) }))
    .filter((m) => m.r >= 0)
    .sort((a, b) => a.r - b.r || a.i.code.localeCompare(b.i.code))
    .map((m) => m.i);
  const page = paginate(matches, query.pageNum, query.pageSize);
  return { ...page, list: page.list.map((i) => quoteItem(deps, i, watched)) };
}

export function summaryDetail(deps: MarketDeps, instrument: Instrument): SummaryDetail {
  const state = deps.feed.quote(instrument);
  const yearAgo = addDays(state.tradingDate || zonedParts(deps.now(), instrument.calendar.timeZone).date, -365);
  const year = deps.feed.bars(instrument, '1d').filter((b) => b.d > yearAgo);
  const highs = [...year.map((b) => b.high), state.high];
  const lows = [...year.map((b) => b.low), state.low];
  return {
    stock_code: instrument.code,
    name: instrument.name,
    price_nominal: state.price,
    open: state.open,
    high: state.high,
    low: state.low,
    previousClose: state.previousClose,
    high52w: Math.max(...highs),
    low52w: Math.min(...lows),
    volume: state.volume,
    marketCap: instrument.sharesOutstanding === null ? null : Math.round(instrument.sharesOutstanding * state.price),
    sharesOutstanding: instrument.sharesOutstanding,
    sector: instrument.sector,
    currency: instrument.currency,
    precision: instrument.precision,
    tradingDate: state.tradingDate,
  };
}

export function stockDetail(deps: MarketDeps, instrument: Instrument, watched: WatchedSet): StockDetail {
  return { ...quoteItem(deps, instrument, watched), summary: summaryDetail(deps, instrument) };
}

function futuresContracts(deps: MarketDeps, instrument: Instrument, count: number): FuturesContract[] {
  const spec = instrument.futures;
  if (!spec) throw AppError.badRequest('market.notFutures', { code: instrument.code });
  const calendar = instrument.calendar;
  const today = currentOrNextSession(calendar, deps.now()).date;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return upcomingContracts(instrument.code, spec.months, spec.lastTradeRule, today, count, (d) => isBusinessDay(calendar, d)).map(
    (c, index) => ({
      stock_code: c.code,
      root: instrument.code,
      name: `${instrument.name} ${months[c.month - 1] ?? ''} ${c.year}`,
      month: `${c.year}-${String(c.month).padStart(2, '0')}`,
      lastTradeDate: Math.floor(zonedToUtc(c.lastTradeDate, instrument.calendar.closeMinutes, calendar.timeZone) / 1000),
      isFront: index === 0,
    }),
  );
}

export function futuresOptions(deps: MarketDeps, instrument: Instrument): FuturesContract[] {
  return futuresContracts(deps, instrument, 6);
}

/**
 * Futures detail. Bid and ask are the house's (one tick around the last price); the sizes and open
 * interest are modelled, not traded: derived deterministically from the day's volume.
 */
export function futuresDetail(deps: MarketDeps, instrument: Instrument, watched: WatchedSet): FuturesDetail {
  const spec = instrument.futures;
  if (!spec) throw AppError.badRequest('market.notFutures', { code: instrument.code });
  const state = deps.feed.quote(instrument);
  const front = futuresContracts(deps, instrument, 1)[0];
  const rng = seededRandom(deps.seed, instrument.key, 'book', state.updatedAt);
  const baseInterest = Math.round(seededRandom(deps.seed, instrument.key, 'open-interest').between(1e5, 6e5));
  const interestChange = Math.round((state.volume * (rng.next() - 0.45)) / 10);
  return {
    ...quoteItem(deps, instrument, watched),
    bidVolume: 1 + Math.floor(rng.next() * 60),
    askVolume: 1 + Math.floor(rng.next() * 60),
    openInterest: baseInterest + interestChange,
    openInterestChange: interestChange,
    expiryDate: front?.lastTradeDate ?? 0,
    contract: front?.stock_code ?? instrument.code,
    previousSettle: state.previousClose,
    open: state.open,
    high: state.high,
    low: state.low,
    contractSize: spec.contractSize,
    unit: spec.unit,
    tickSize: spec.tickSize,
    quotedIn: spec.quotedIn,
    group: spec.group,
  };
}

/** Which bars each chart range reads and how many sessions it spans. */
const rangePlans: Record<KlineRange, { interval: Interval; sessions: number }> = {
  [KlineRange.Intraday]: { interval: '1m', sessions: 1 },
  [KlineRange.Day]: { interval: '5m', sessions: 1 },
  [KlineRange.Week]: { interval: '30m', sessions: 5 },
  [KlineRange.Month]: { interval: '1d', sessions: 22 },
  [KlineRange.Quarter]: { interval: '1d', sessions: 66 },
  [KlineRange.Year]: { interval: '1d', sessions: 252 },
};

/** An intraday chart with fewer bars than this (just after the open) shows the previous session instead. */
export const MIN_INTRADAY_BARS = 30;

export function kline(deps: MarketDeps, instrument: Instrument, type: KlineRange): Kline {
  const plan = rangePlans[type];
  let interval = plan.interval;
  let chosen = lastSessions(deps.feed.bars(instrument, interval), plan.sessions);
  if (plan.sessions === 1 && chosen.length < MIN_INTRADAY_BARS) {
    // Just after the open: show the previous session (five-minute bars are kept for two sessions).
    const fiveMinutes = deps.feed.bars(instrument, '5m');
    const previousDate = [...new Set(fiveMinutes.map((b) => b.d))].filter((d) => d < (chosen[0]?.d ?? '9999')).at(-1);
    if (previousDate) {
      interval = '5m';
      chosen = fiveMinutes.filter((b) => b.d === previousDate);
    }
  }
  const daily = deps.feed.bars(instrument, '1d');
  const firstDate = chosen[0]?.d;
  const before = firstDate ? daily.filter((b) => b.d < firstDate).at(-1) : undefined;
  return {
    stockCode: instrument.code,
    type,
    interval: intervalSeconds[interval],
    previousClose: before?.close ?? chosen[0]?.open ?? deps.feed.quote(instrument).previousClose,
    points: chosen.map((b) => ({ k: b.t, o: b.close, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume })),
  };
}

function lastSessions(bars: readonly Bar[], count: number): Bar[] {
  const dates = new Set<string>();
  let i = bars.length - 1;
  for (; i >= 0; i--) {
    const date = (bars[i] as Bar).d;
    if (!dates.has(date)) {
      if (dates.size === count) break;
      dates.add(date);
    }
  }
  return bars.slice(i + 1);
}

export function marketLookup(deps: MarketDeps, instrument: Instrument): MarketLookup {
  return {
    stock_code: instrument.code,
    name: instrument.name,
    market: instrument.market,
    marketType: instrument.marketType,
    source: instrument.source,
    currency: instrument.currency,
    isOpen: isOpenAt(instrument.calendar, deps.now()),
  };
}

export function marketStatuses(deps: MarketDeps): MarketStatus[] {
  const now = deps.now();
  return Object.values(deps.calendars).map((calendar) => {
    const open = sessionAt(calendar, now);
    return {
      marketType: calendar.marketType,
      timeZone: calendar.timeZone,
      isOpen: open !== null,
      nextOpen: open ? null : Math.floor(currentOrNextSession(calendar, now).open / 1000),
      nextClose: open ? Math.floor(open.close / 1000) : null,
    };
  });
}

/** The trading calendar from a start date (default: the market's today), a page of dates at a time. */
export function tradingDays(
  deps: MarketDeps,
  query: { marketType: MarketType; startDate?: string; pageNum: number; pageSize: number },
): Page<TradingDay> {
  const calendar = deps.calendars[query.marketType];
  const start = query.startDate ?? latestSession(calendar, deps.now()).date;
  if (Number.isNaN(Date.parse(`${start}T00:00:00Z`))) throw AppError.badRequest('validation.format', { field: 'startDate' });
  const total = 366;
  const list: TradingDay[] = [];
  const { offset, limit } = pageOf(query);
  for (let i = offset; i < Math.min(total, offset + limit); i++) {
    const date = addDays(start, i);
    const session = sessionOf(calendar, date);
    list.push({
      marketType: calendar.marketType,
      date,
      isTradingDay: session !== null,
      holidayName: holidayName(calendar, date),
      timeZone: calendar.timeZone,
      sessions: session ? [{ open: Math.floor(session.open / 1000), close: Math.floor(session.close / 1000) }] : [],
    });
  }
  return pageAnswer(list, total, query);
}

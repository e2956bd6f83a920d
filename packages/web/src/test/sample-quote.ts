import type { FuturesDetail, Kline, Page, QuoteItem, StockDetail, WatchlistItem } from '@tradewind/contract';

/** A quote item as the server sends it (SPEC §3); overrides pick the instrument and its move. */
export function sampleQuote(overrides: Partial<QuoteItem> = {}): QuoteItem {
  const change = overrides.change ?? 1.25;
  return {
    name: 'Apple Inc',
    stock_code: 'AAPL',
    change,
    change_ratio: 0.66,
    price_nominal: 189.32,
    volume: 51_234_000,
    market: 'NASDAQ',
    marketType: 'US',
    classify: 'UsStock',
    selfSelectStatus: 0,
    source: 0,
    localLogoUrl: '/logo/0/AAPL.svg',
    profile: 'Technology · NASDAQ',
    currencyUsDatetime: 1_735_689_600,
    fall: change < 0,
    currency: 'USD',
    precision: 2,
    bid: 189.28,
    ask: 189.36,
    isOpen: true,
    ...overrides,
  };
}

export const gold = (overrides: Partial<QuoteItem> = {}) =>
  sampleQuote({
    name: 'Gold',
    stock_code: 'GC',
    market: 'COMEX',
    marketType: 'FUTURES',
    classify: 'Future',
    source: 3,
    price_nominal: 2650.4,
    change: -12.1,
    change_ratio: -0.45,
    localLogoUrl: '/logo/3/GC.svg',
    ...overrides,
  });

export const spx = (overrides: Partial<QuoteItem> = {}) =>
  sampleQuote({
    name: 'S&P 500',
    stock_code: 'SPX',
    market: 'INDEX',
    marketType: 'INDEX',
    classify: 'GlobalIndex',
    source: 99,
    price_nominal: 5723.64,
    change: 0,
    change_ratio: 0,
    volume: 0,
    localLogoUrl: '/logo/99/SPX.svg',
    ...overrides,
  });

export function samplePage<T>(list: T[], total = list.length, pageNum = 1, pageSize = 30): Page<T> {
  return { list, total, pageNum, pageSize };
}

export function sampleStockDetail(overrides: Partial<QuoteItem> = {}): StockDetail {
  const item = sampleQuote(overrides);
  return {
    ...item,
    summary: {
      stock_code: item.stock_code,
      name: item.name,
      price_nominal: item.price_nominal,
      open: 188.1,
      high: 190.4,
      low: 187.55,
      previousClose: 188.07,
      high52w: 199.62,
      low52w: 164.08,
      volume: item.volume,
      marketCap: 2.91e12,
      sharesOutstanding: 15_400_000_000,
      sector: 'Technology',
      currency: item.currency,
      precision: item.precision,
      tradingDate: '2025-01-01',
    },
  };
}

export function sampleFuturesDetail(overrides: Partial<FuturesDetail> = {}): FuturesDetail {
  return {
    ...gold(),
    bid: 2650.3,
    ask: 2650.5,
    bidVolume: 26,
    askVolume: 56,
    openInterest: 408_291,
    openInterestChange: 2333,
    expiryDate: 1_798_581_600,
    contract: 'GCZ26',
    quotedIn: 'USD',
    previousSettle: 2662.5,
    open: 2660,
    high: 2668.9,
    low: 2641.2,
    contractSize: 100,
    unit: 'troy oz',
    tickSize: 0.1,
    group: 'metals',
    ...overrides,
  };
}

export function sampleKline(type: Kline['type'] = 'intraday', count = 60): Kline {
  const interval = type === 'intraday' ? 60 : 300;
  const start = 1_735_689_600;
  return {
    stockCode: 'AAPL',
    type,
    interval,
    previousClose: 188.07,
    points: Array.from({ length: count }, (_, i) => {
      const close = 188 + Math.sin(i / 5);
      return { k: start + i * interval, o: close, open: close - 0.1, high: close + 0.3, low: close - 0.3, close, volume: 1000 + i };
    }),
  };
}

export function sampleWatchlistItem(id: number, item: QuoteItem): WatchlistItem {
  return { ...item, selfSelectStatus: 1, id, sort: id };
}

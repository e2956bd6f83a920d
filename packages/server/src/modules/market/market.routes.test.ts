import { AssetSource, type FuturesContract, type FuturesDetail, type Kline, type Page, type QuoteItem, type StockDetail, type TradingDay } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
const get = <T>(url: string) => call<T>(ctx.app, 'GET', url);

/** Sets a price through the feed, as a provider tick would. */
function tick(source: number, code: string, price: number, volume = 100) {
  ctx.clock.advance(1000);
  ctx.app.market.feed.apply({ source: source as 0, code, price, volume, ts: ctx.clock.now().getTime() });
}

/** The test clock starts at Monday's open: a first tick for every instrument opens the new session. */
beforeAll(async () => {
  ctx = await createTestContext();
  for (const instrument of ctx.app.market.deps.catalog.all) {
    tick(instrument.source, instrument.code, ctx.app.market.feed.quote(instrument).price, 1);
  }
});
afterAll(() => ctx.close());

describe('quote items', () => {
  it('carry the SPEC §3 fields with the derived fall flag', async () => {
    const previousClose = ctx.app.market.feed.quote(ctx.app.market.deps.catalog.get(0, 'AAPL')!).previousClose;
    tick(AssetSource.Stock, 'AAPL', previousClose * 0.9);
    const answer = await get<QuoteItem>('/quotes/getStock?stockCode=aapl');
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      stock_code: 'AAPL',
      market: 'NASDAQ',
      marketType: 'US',
      classify: 'UsStock',
      source: 0,
      selfSelectStatus: 0,
      localLogoUrl: '/logo/0/AAPL.svg',
      fall: true,
      isOpen: true,
    });
    expect(answer.data.change).toBeLessThan(0);
    expect(answer.data.change_ratio).toBeCloseTo(-10, 0);
  });

  it('tell a stock from a futures root with the same code by market or source', async () => {
    const stock = await get<QuoteItem>('/quotes/getStock?stockCode=CL');
    const future = await get<QuoteItem>('/quotes/getStock?stockCode=CL&source=3');
    const byMarket = await get<QuoteItem>('/quotes/getStock?stockCode=CL&market=NYMEX');
    expect(stock.data).toMatchObject({ source: 0, market: 'NYSE' });
    expect(future.data).toMatchObject({ source: 3, classify: 'Future', market: 'NYMEX' });
    expect(byMarket.data.source).toBe(3);
  });
});

describe('lists', () => {
  it('rank gainers, losers and most active from live changes', async () => {
    const catalog = ctx.app.market.deps.catalog;
    const close = (code: string) => ctx.app.market.feed.quote(catalog.get(0, code)!).previousClose;
    tick(0, 'NVDA', close('NVDA') * 1.2, 10);
    tick(0, 'TSLA', close('TSLA') * 0.7, 10);
    tick(0, 'F', close('F'), 50_000_000_000);
    const gainers = await get<Page<QuoteItem>>('/m_ft/topList?type=gainers&pageSize=5');
    const losers = await get<Page<QuoteItem>>('/m_ft/topList?type=losers');
    const active = await get<Page<QuoteItem>>('/m_ft/topList?type=active');
    expect(gainers.data.list[0]?.stock_code).toBe('NVDA');
    expect(gainers.data).toMatchObject({ pageNum: 1, pageSize: 5 });
    expect(losers.data.list[0]?.stock_code).toBe('TSLA');
    expect(active.data.list[0]?.stock_code).toBe('F');
    const ratios = gainers.data.list.map((q) => q.change_ratio);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    const allGainers = await get<Page<QuoteItem>>('/m_ft/topList?type=gainers&pageSize=100');
    expect(allGainers.data.list.every((q) => q.change_ratio > 0)).toBe(true);
    expect(allGainers.data.total).toBe(allGainers.data.list.length);
    expect((await get<Page<QuoteItem>>('/m_ft/topList?type=losers&pageSize=100')).data.list.every((q) => q.change_ratio < 0)).toBe(true);
  });

  it('filter US stocks by exchange and page them', async () => {
    const nyse = await get<Page<QuoteItem>>('/m_ft/stock_list?market=NYSE&pageSize=1&pageNum=2');
    expect(nyse.data.total).toBeGreaterThanOrEqual(2);
    expect(nyse.data.list).toHaveLength(1);
    expect(nyse.data.list.every((q) => q.market === 'NYSE')).toBe(true);
  });

  it('group futures, list indices, Taiwan stocks and hot stocks', async () => {
    const metals = await get<QuoteItem[]>('/m_ft/futures_list?group=metals');
    expect(metals.data.map((q) => q.stock_code).sort()).toEqual(['GC', 'SI']);
    const indices = await get<QuoteItem[]>('/m_ft/global_index');
    expect(indices.data.map((q) => q.stock_code)).toEqual(expect.arrayContaining(['SPX', 'IXIC', 'N225']));
    const taiwan = await get<Page<QuoteItem>>('/tg_st/all_stock_list');
    expect(taiwan.data.list.every((q) => q.source === 7 && q.market === 'TWSE')).toBe(true);
    const hot = await get<QuoteItem[]>('/m_ft/hot_stock');
    expect(hot.data.length).toBeGreaterThan(0);
    const home = await get<QuoteItem[]>('/m_ft/home_custom_list');
    expect(home.data.map((q) => q.stock_code)).toContain('SPX');
  });

  it('search by code prefix and by name', async () => {
    const byCode = await get<Page<QuoteItem>>('/m_ft/all_stock_list?keyword=ms');
    expect(byCode.data.list[0]?.stock_code).toBe('MSFT');
    const byName = await get<Page<QuoteItem>>('/m_ft/all_stock_list?keyword=taiwan%20semi');
    expect(byName.data.list.map((q) => q.stock_code)).toContain('2330');
    const forexOnly = await get<Page<QuoteItem>>('/m_ft/all_stock_list?keyword=usd&source=2');
    expect(forexOnly.data.list.every((q) => q.source === 2)).toBe(true);
  });
});

describe('details', () => {
  it('summary detail has open, high, low, previous close, 52-week range and market cap', async () => {
    const detail = await get<StockDetail>('/m_ft/stock_detail_ft?stockCode=MSFT&market=NASDAQ');
    const s = detail.data.summary;
    expect(s.high52w).toBeGreaterThanOrEqual(s.high);
    expect(s.low52w).toBeLessThanOrEqual(s.low);
    expect(s.marketCap).toBe(Math.round((s.sharesOutstanding ?? 0) * s.price_nominal));
    expect(s.previousClose).toBeGreaterThan(0);
  });

  it('futures detail has a book, open interest, expiry and previous settle; contract months list', async () => {
    const detail = await get<FuturesDetail>('/m_ft/detail_quote?stockCode=GC');
    expect(detail.data.bid).toBeLessThan(detail.data.ask);
    expect(detail.data.openInterest).toBeGreaterThan(0);
    expect(detail.data.expiryDate).toBeGreaterThan(ctx.clock.now().getTime() / 1000);
    expect(detail.data.contract).toMatch(/^GC[GJMQVZ]\d{2}$/);
    const options = await get<FuturesContract[]>('/m_ft/futures_opt_list?stockCode=GC');
    expect(options.data).toHaveLength(6);
    expect(options.data[0]?.isFront).toBe(true);
    const stock = await get('/m_ft/detail_quote?stockCode=AAPL&source=0');
    expect(stock.status).toBe(400);
    const month = options.data[1]!.stock_code;
    const byMonth = await get<FuturesDetail>(`/m_ft/detail_quote?stockCode=${month}`);
    expect(byMonth.data.stock_code).toBe('GC');
    expect((await get<Kline>(`/m_ft/kline?stockCode=${month}&type=1D&source=3`)).code).toBe(200);
    expect((await get('/m_ft/detail_quote?stockCode=GCF27')).code).toBe(400);
  });

  it('klines answer every range with points {o,k}', async () => {
    for (const type of ['intraday', '1D', '1W', '1M', '3M', '1Y']) {
      const kline = await get<Kline>(`/m_ft/kline?stockCode=AAPL&type=${type}`);
      expect(kline.code, type).toBe(200);
      expect(kline.data.points.length, type).toBeGreaterThan(0);
      const point = kline.data.points[0]!;
      expect(point.o).toBe(point.close);
      expect(Number.isInteger(point.k)).toBe(true);
    }
    const year = await get<Kline>('/m_ft/kline?stockCode=AAPL&type=1Y');
    expect(year.data.points.length).toBeGreaterThan(240);
    expect(year.data.interval).toBe(86_400);
  });
});

describe('bad queries', () => {
  it('an unknown code is a 400 naming the code', async () => {
    const answer = await get('/quotes/getStock?stockCode=NOPE');
    expect(answer).toMatchObject({ status: 400, code: 400 });
    expect(answer.msg).toContain('NOPE');
  });

  it('a bad range, a missing code and an unknown parameter are 400s naming the field', async () => {
    const range = await get('/m_ft/kline?stockCode=AAPL&type=2Y');
    expect(range.code).toBe(400);
    expect(range.msg).toContain('type');
    const missing = await get('/m_ft/kline?type=1D');
    expect(missing.msg).toContain('Symbol');
    const unknown = await get('/m_ft/topList?type=gainers&color=red');
    expect(unknown.msg).toContain('color');
    const pageSize = await get('/m_ft/stock_list?pageSize=1000');
    expect(pageSize.msg).toContain('Page size');
  });
});

describe('market lookup and trading calendar', () => {
  it('getMaket answers the market of a code, or null (a swallowed read)', async () => {
    const found = await call<{ market: string }>(ctx.app, 'POST', '/market/getMaket', { body: { stkcode: 'EURUSD' } });
    expect(found.data).toMatchObject({ market: 'FX', marketType: 'FOREX', source: 2 });
    const missing = await call(ctx.app, 'POST', '/market/getMaket', { body: { stkcode: 'ZZZZ' } });
    expect(missing).toMatchObject({ code: 200, data: null });
    const markets = await call<Array<{ marketType: string }>>(ctx.app, 'POST', '/market/getMakets', { body: {} });
    expect(markets.data.map((m) => m.marketType).sort()).toEqual(['FOREX', 'FUTURES', 'INDEX', 'TW', 'US']);
  });

  it('trading days list holidays and sessions', async () => {
    const page = await call<Page<TradingDay>>(ctx.app, 'POST', '/stocka_trading_day/getPageList', {
      body: { marketType: 'US', startDate: '2026-11-25', pageSize: 4 },
    });
    expect(page.data.list.map((d) => [d.date, d.isTradingDay, d.holidayName])).toEqual([
      ['2026-11-25', true, null],
      ['2026-11-26', false, expect.stringContaining('Thanksgiving')],
      ['2026-11-27', true, null],
      ['2026-11-28', false, 'Weekend'],
    ]);
    expect(page.data.list[0]?.sessions).toEqual([{ open: Date.parse('2026-11-25T14:30:00Z') / 1000, close: Date.parse('2026-11-25T21:00:00Z') / 1000 }]);
  });

  it('serves generated initials logos', async () => {
    const logo = await ctx.app.inject({ method: 'GET', url: '/logo/0/AAPL.svg' });
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('>AA</text>');
  });
});

describe('the house’s bid and ask (issue 20)', () => {
  it('quote items and ticks carry a spread around the last price, on the instrument’s increments, as orders fill', async () => {
    const published: Array<{ code: string; bid: number; ask: number; price_nominal: number }> = [];
    const stop = ctx.app.market.bus.subscribe((quote) => published.push(quote));
    tick(AssetSource.Stock, 'AAPL', 200);
    tick(AssetSource.Forex, 'EURUSD', 1.08321);
    tick(AssetSource.TwStock, '2330', 1045);
    stop();
    const aapl = await get<QuoteItem>('/quotes/getStock?stockCode=AAPL');
    // US stocks: half a spread of 0.02 % of price, at least a cent.
    expect(aapl.data).toMatchObject({ price_nominal: 200, bid: 199.96, ask: 200.04 });
    const eurusd = await get<QuoteItem>('/quotes/getStock?stockCode=EURUSD&source=2');
    expect(eurusd.data).toMatchObject({ price_nominal: 1.08321, bid: 1.08316, ask: 1.08326 });
    // Taiwan: on the 5-dollar tick band of prices from 1,000.
    const tsmc = await get<StockDetail>('/m_ft/stock_detail_ft?stockCode=2330&source=7');
    expect(tsmc.data).toMatchObject({ bid: 1040, ask: 1050 });
    expect(published.find((q) => q.code === 'AAPL')).toMatchObject({ bid: 199.96, ask: 200.04 });
    expect(published.find((q) => q.code === 'EURUSD')).toMatchObject({ bid: 1.08316, ask: 1.08326 });
  });
});

describe('answers kept between ticks (issue 22)', () => {
  it('answer the same bytes until a tick of the instrument, then its new price; at most a second old without ticks', async () => {
    const detail = () => ctx.app.inject({ method: 'GET', url: '/m_ft/stock_detail_ft?stockCode=AAPL' });
    const first = await detail();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await detail()).body).toBe(first.body);
    const chartBefore = await get<Kline>('/m_ft/kline?stockCode=AAPL&type=1M');
    expect(chartBefore.data.points.at(-1)?.close).not.toBe(321.5);
    tick(AssetSource.Stock, 'AAPL', 321.5);
    const ticked = await detail();
    expect(ticked.json<{ data: StockDetail }>().data.price_nominal).toBe(321.5);
    const chart = await get<Kline>('/m_ft/kline?stockCode=AAPL&type=1M');
    expect(chart.data.points.at(-1)?.close).toBe(321.5);
    const hot = await get<QuoteItem[]>('/m_ft/hot_stock');
    tick(AssetSource.Stock, 'MSFT', 1);
    expect((await get<QuoteItem[]>('/m_ft/hot_stock')).data.find((q) => q.stock_code === 'MSFT')?.price_nominal).toBe(1);
    expect(hot.data.find((q) => q.stock_code === 'MSFT')?.price_nominal).not.toBe(1);
    // The open state follows the clock, not ticks: a kept answer is at most a second old.
    const markets = await call<Array<{ marketType: string; nextClose: number | null }>>(ctx.app, 'POST', '/market/getMakets', { body: {} });
    const close = (markets.data.find((m) => m.marketType === 'US')?.nextClose ?? 0) * 1000;
    ctx.clock.advance(close - 400 - ctx.clock.now().getTime());
    const isOpen = async () => (await detail()).json<{ data: StockDetail }>().data.isOpen;
    expect(await isOpen()).toBe(true);
    ctx.clock.advance(500);
    expect(await isOpen()).toBe(true);
    ctx.clock.advance(500);
    expect(await isOpen()).toBe(false);
  });

  it('never give one caller’s watched flags to another: a visitor’s kept answer says 0, a watcher’s own says 1', async () => {
    const visitorFirst = await get<StockDetail>('/m_ft/stock_detail_ft?stockCode=NVDA');
    const visitorList = await get<QuoteItem[]>('/m_ft/hot_stock');
    const { token } = await registerUser(ctx.app);
    const saved = await call(ctx.app, 'POST', '/userSelfSecurity/save', { token, body: { secuCode: 'NVDA' } });
    expect(saved.code).toBe(200);
    const mine = await call<StockDetail>(ctx.app, 'GET', '/m_ft/stock_detail_ft?stockCode=NVDA', { token });
    const myList = await call<QuoteItem[]>(ctx.app, 'GET', '/m_ft/hot_stock', { token });
    const myHome = await call<QuoteItem[]>(ctx.app, 'GET', '/m_ft/home_custom_list', { token });
    const visitorAfter = await get<StockDetail>('/m_ft/stock_detail_ft?stockCode=NVDA');
    const visitorHome = await get<QuoteItem[]>('/m_ft/home_custom_list');
    expect([visitorFirst.data.selfSelectStatus, mine.data.selfSelectStatus, visitorAfter.data.selfSelectStatus]).toEqual([0, 1, 0]);
    const nvda = (list: QuoteItem[]) => list.find((q) => q.stock_code === 'NVDA')?.selfSelectStatus;
    expect([nvda(visitorList.data), nvda(myList.data), nvda((await get<QuoteItem[]>('/m_ft/hot_stock')).data)]).toEqual([0, 1, 0]);
    expect(myHome.data.map((q) => q.stock_code)).toEqual(['NVDA']);
    expect(visitorHome.data.map((q) => q.stock_code)).not.toEqual(['NVDA']);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch, type RecordedCall } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { sampleFuturesDetail, sampleKline, sampleQuote, sampleStockDetail } from '../../../test/sample-quote';
import { sampleUser } from '../../../test/sample-user';

vi.mock('../../../components/chart/price-chart', () => import('../../../test/chart-stub'));

const stockPath = '/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';
const query = (call: RecordedCall | undefined) => new URL(call?.url ?? '/', 'http://app.test').searchParams;

function stockServer(detail = sampleStockDetail()) {
  return installFakeFetch({
    '/m_ft/stock_detail_ft': () => envelope(detail),
    '/m_ft/kline': (call) => envelope(sampleKline((query(call).get('type') ?? 'intraday') as never)),
  });
}

describe('stock quote page', () => {
  it('shows the header, live-ready price and the full field set', async () => {
    const server = stockServer();
    renderApp(stockPath);

    const header = await screen.findByRole('region', { name: 'Apple Inc' });
    expect(within(header).getByTestId('quote-last-price').textContent).toBe('$189.32');
    expect(within(header).getByText('+1.25')).toBeTruthy();
    expect(within(header).getByText('+0.66%')).toBeTruthy();
    expect(within(header).getByTestId('market-status').textContent).toBe('Trading');
    expect(query(server.callsTo('/m_ft/stock_detail_ft')[0])).toEqual(
      new URLSearchParams({ stockCode: 'AAPL', market: 'NASDAQ', source: '0' }),
    );

    const stats = screen.getByRole('region', { name: 'Key statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value('Open')).toBe('188.10');
    expect(value('High')).toBe('190.40');
    expect(value('Low')).toBe('187.55');
    expect(value('Prev. close')).toBe('188.07');
    expect(value('52W high')).toBe('199.62');
    expect(value('52W low')).toBe('164.08');
    expect(value('Volume')).toBe('51.2M');
    expect(value('Market cap')).toBe('$2.9T');
    expect(value('Sector')).toBe('Technology');

    // Tradable: Buy and Sell go to the stock order page with the direction.
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      '/pages/payment/stock?name=Apple+Inc&code=AAPL&source=0&direction=0',
    );
    expect(screen.getByRole('link', { name: 'Sell' }).getAttribute('href')).toContain('direction=1');
  });

  it('in German: figures with German separators, the sign after them, the sector translated', async () => {
    stockServer();
    await i18n.changeLanguage('de');
    renderApp(stockPath);
    const header = await screen.findByRole('region', { name: 'Apple Inc' });
    expect(within(header).getByTestId('quote-last-price').textContent?.replace(/\u00a0/g, ' ')).toBe('189,32 $');
    const stats = screen.getByRole('region', { name: 'Kennzahlen' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent?.replace(/\u00a0/g, ' ');
    expect(value('Eröffnung')).toBe('188,10');
    expect(value('Marktkapitalisierung')).toBe('2,9 Bio. $');
    expect(value('Sektor')).toBe('Technologie');
  });

  it('prices Taiwan stocks in NT$ and says when the market is closed', async () => {
    stockServer(sampleStockDetail({ name: 'TSMC', stock_code: '2330', source: 7, market: 'TWSE', price_nominal: 1045, isOpen: false }));
    renderApp('/pages/quote/stock?name=TSMC&code=2330&source=7&market=TWSE');
    expect((await screen.findByTestId('quote-last-price')).textContent).toBe('NT$1,045.00');
    expect(screen.getByTestId('market-status').textContent).toBe('Closed');
  });

  it('switches chart ranges: each asks the kline for its type, candles after intraday, and a line on request', async () => {
    const server = stockServer();
    renderApp(stockPath);

    const ranges = await screen.findByRole('group', { name: 'Chart range' });
    await waitFor(() => expect(screen.getByTestId('price-chart').dataset.kind).toBe('area'));
    expect(query(server.callsTo('/m_ft/kline')[0])).toEqual(
      new URLSearchParams({ stockCode: 'AAPL', type: 'intraday', market: 'NASDAQ', source: '0' }),
    );
    expect(within(ranges).getByRole('button', { name: 'Intraday' }).getAttribute('aria-pressed')).toBe('true');

    for (const type of ['1D', '1W', '1M', '3M', '1Y']) {
      fireEvent.click(within(ranges).getByRole('button', { name: type }));
      await waitFor(() => expect(query(server.callsTo('/m_ft/kline').at(-1)).get('type')).toBe(type));
      expect(within(ranges).getByRole('button', { name: type }).getAttribute('aria-pressed')).toBe('true');
    }
    await waitFor(() => expect(screen.getByTestId('price-chart').dataset.kind).toBe('candle'));

    fireEvent.click(screen.getByRole('button', { name: 'Show line chart' }));
    expect(screen.getByTestId('price-chart').dataset.kind).toBe('line');
    fireEvent.click(screen.getByRole('button', { name: 'Show candlesticks' }));
    expect(screen.getByTestId('price-chart').dataset.kind).toBe('candle');
  });

  it('follows live ticks in the header and hands the price to the chart', async () => {
    const ws = installFakeWebSocket();
    stockServer();
    renderApp(stockPath);
    await screen.findByTestId('price-chart');
    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'subscribe', symbols: [{ source: 0, code: 'AAPL' }] }));

    ws.tick({ source: 0, code: 'AAPL', price_nominal: 187.01, change: -1.06, change_ratio: -0.56 });
    await waitFor(() => expect(screen.getByTestId('quote-last-price').textContent).toBe('$187.01'));
    expect(screen.getByTestId('quote-last-price').className).toContain('trend-fall');
    expect(screen.getByTestId('price-chart').dataset.livePrice).toBe('187.01');
  });
});

describe('watchlist star', () => {
  it('toggles through /userSelfSecurity/save and flips to filled', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = stockServer();
    server.on('/userSelfSecurity/save', () => envelope({ selected: true, id: 7 }));
    renderApp(stockPath);

    const star = await screen.findByRole('button', { name: 'Add to watchlist' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);

    const filled = await screen.findByRole('button', { name: 'Remove from watchlist' });
    expect(filled.getAttribute('aria-pressed')).toBe('true');
    const call = server.callsTo('/userSelfSecurity/save')[0];
    expect(call?.method).toBe('POST');
    expect(call?.headers.Authorization).toBe('tok');
    expect(call?.body).toEqual({ classify: 'UsStock', assettype: 0, securityName: 'Apple Inc', secuCode: 'AAPL', market: 'NASDAQ' });
    expect(await screen.findByText('Added to watchlist')).toBeTruthy();
  });

  it('starts filled for a watched instrument and a second tap removes it', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = stockServer(sampleStockDetail({ selfSelectStatus: 1 }));
    server.on('/userSelfSecurity/save', () => envelope({ selected: false, id: null }));
    renderApp(stockPath);

    fireEvent.click(await screen.findByRole('button', { name: 'Remove from watchlist' }));
    expect((await screen.findByRole('button', { name: 'Add to watchlist' })).getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Removed from watchlist')).toBeTruthy();
  });

  it('shows the server message when the toggle fails (SPEC §8) and stays as it was', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = stockServer();
    server.on('/userSelfSecurity/save', () => envelope(null, 409, 'Your watchlist is full'));
    renderApp(stockPath);

    fireEvent.click(await screen.findByRole('button', { name: 'Add to watchlist' }));
    expect(await screen.findByText('Your watchlist is full')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to watchlist' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('takes a visitor to login instead of calling, to come back afterwards', async () => {
    const server = stockServer();
    const { router } = renderApp(stockPath);

    fireEvent.click(await screen.findByRole('button', { name: 'Add to watchlist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
    expect(router.state.location.state).toEqual({ from: '/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ' });
    expect(server.callsTo('/userSelfSecurity/save')).toHaveLength(0);
  });
});

describe('other quote pages', () => {
  it('futures: bid/ask, open interest, expiry, settle and the contract months; orders on the futures page', async () => {
    const server = installFakeFetch({
      '/m_ft/detail_quote': () => envelope(sampleFuturesDetail()),
      '/m_ft/futures_opt_list': () =>
        envelope([
          { stock_code: 'GCZ26', root: 'GC', name: 'Gold Dec 2026', month: '2026-12', lastTradeDate: 1_798_581_600, isFront: true },
          { stock_code: 'GCG27', root: 'GC', name: 'Gold Feb 2027', month: '2027-02', lastTradeDate: 1_803_506_400, isFront: false },
        ]),
      '/m_ft/kline': () => envelope(sampleKline()),
    });
    renderApp('/pages/quote/future?name=Gold&code=GC&source=3&market=COMEX');

    const stats = await screen.findByRole('region', { name: 'Key statistics' });
    const value = (label: string) => within(stats).getByText(label).nextElementSibling?.textContent;
    expect(value('Bid')).toBe('2,650.30');
    expect(value('Ask')).toBe('2,650.50');
    expect(value('Bid size')).toBe('26');
    expect(value('Ask size')).toBe('56');
    expect(value('Open interest')).toBe('408.3K');
    expect(value('OI change')).toBe('+2,333');
    expect(value('Prev. settle')).toBe('2,662.50');
    expect(value('Expiry')).toMatch(/^12\/(29|30)\/2026$/);
    expect(query(server.callsTo('/m_ft/detail_quote')[0]).get('stockCode')).toBe('GC');
    expect(query(server.callsTo('/m_ft/futures_opt_list')[0]).get('stockCode')).toBe('GC');

    const months = screen.getByRole('group', { name: 'Contract month' });
    expect(within(months).getByRole('button', { name: /2026-12/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      '/pages/payment/future?name=Gold&code=GC&source=3&direction=0',
    );

    // Another month asks for that contract's quote.
    fireEvent.click(within(months).getByRole('button', { name: /2027-02/ }));
    await waitFor(() => expect(query(server.callsTo('/m_ft/detail_quote').at(-1)).get('stockCode')).toBe('GCG27'));
  });

  it('futures: a month the server cannot quote shows its message and goes back to the contract on screen', async () => {
    installFakeFetch({
      '/m_ft/detail_quote': (call) =>
        query(call).get('stockCode') === 'GC'
          ? envelope(sampleFuturesDetail())
          : envelope(null, 400, `No instrument with the code ${query(call).get('stockCode')}`),
      '/m_ft/futures_opt_list': () =>
        envelope([
          { stock_code: 'GCZ26', root: 'GC', name: 'Gold Dec 2026', month: '2026-12', lastTradeDate: 1_798_581_600, isFront: true },
          { stock_code: 'GCG27', root: 'GC', name: 'Gold Feb 2027', month: '2027-02', lastTradeDate: 1_803_506_400, isFront: false },
        ]),
      '/m_ft/kline': () => envelope(sampleKline()),
    });
    renderApp('/pages/quote/future?name=Gold&code=GC&source=3&market=COMEX');
    const months = await screen.findByRole('group', { name: 'Contract month' });
    fireEvent.click(within(months).getByRole('button', { name: /2027-02/ }));

    expect(await screen.findByText('No instrument with the code GCG27')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Contract month' })).getByRole('button', { name: /2026-12/ }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('global index: quote item and summary; orders go to the stock order page as source 99', async () => {
    installFakeFetch({
      '/quotes/getStock': () => envelope(sampleQuote({ name: 'S&P 500', stock_code: 'SPX', source: 99, market: 'INDEX', price_nominal: 5723.64 })),
      '/m_ft/summary_detail': () => envelope({ ...sampleStockDetail().summary, open: 5700, previousClose: 5690.5, marketCap: null, sector: null }),
      '/m_ft/kline': () => envelope(sampleKline()),
    });
    renderApp('/pages/quote/globalindex?name=S%26P%20500&code=SPX&source=99&market=INDEX');
    expect((await screen.findByTestId('quote-last-price')).textContent).toBe('5,723.64');
    const stats = screen.getByRole('region', { name: 'Key statistics' });
    expect(within(stats).getByText('Open').nextElementSibling?.textContent).toBe('5,700.00');
    expect(within(stats).getByText('Prev. close').nextElementSibling?.textContent).toBe('5,690.50');
    expect(within(stats).getByText('52W high')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      '/pages/payment/stock?name=S%26P+500&code=SPX&source=99&direction=0',
    );
  });

  it('forex: orders go to the forex order page', async () => {
    installFakeFetch({
      '/quotes/getStock': () => envelope(sampleQuote({ name: 'EUR/USD', stock_code: 'EURUSD', source: 2, market: 'FX', precision: 5, price_nominal: 1.08321 })),
      '/m_ft/summary_detail': () => envelope(sampleStockDetail().summary),
      '/m_ft/kline': () => envelope(sampleKline()),
    });
    renderApp('/pages/quote/forex?name=EUR%2FUSD&code=EURUSD&source=2&market=FX');
    expect((await screen.findByTestId('quote-last-price')).textContent).toBe('1.08321');
    expect(screen.getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe(
      '/pages/payment/forex?name=EUR%2FUSD&code=EURUSD&source=2&direction=1',
    );
  });

  it('says so when the query names no instrument', async () => {
    renderApp('/pages/quote/stock?name=Nothing');
    expect(await screen.findByText('This instrument could not be found.')).toBeTruthy();
  });
});

const newsItem = (id: number, title: string, publishTimestamp: number) => ({
  id,
  kind: 'news' as const,
  tag: 'earnings' as const,
  tagLabel: 'Earnings',
  locale: 'en' as const,
  title,
  summary: '',
  publishTimestamp,
  codes: ['AAPL'],
});

describe('bid and ask (issue 20)', () => {
  it('stock: shows the house’s bid, ask and spread in the price’s precision, and follows live ticks', async () => {
    const ws = installFakeWebSocket();
    stockServer(sampleStockDetail({ bid: 189.28, ask: 189.36 }));
    renderApp(stockPath);
    const book = await screen.findByRole('region', { name: 'Bid and ask' });
    const value = (label: string) => within(book).getByText(label).nextElementSibling?.textContent;
    expect(value('Bid')).toBe('189.28');
    expect(value('Ask')).toBe('189.36');
    expect(value('Spread')).toBe('0.08');
    expect(within(book).getByText('You buy at the ask and sell at the bid.')).toBeTruthy();

    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'subscribe', symbols: [{ source: 0, code: 'AAPL' }] }));
    ws.tick({ source: 0, code: 'AAPL', price_nominal: 190, bid: 189.96, ask: 190.04, change: 1.93, change_ratio: 1.03 });
    await waitFor(() => expect(value('Bid')).toBe('189.96'));
    expect(value('Ask')).toBe('190.04');
  });

  it('forex: five decimals, German separators; an index page shows no bid and ask', async () => {
    await i18n.changeLanguage('de');
    installFakeFetch({
      '/quotes/getStock': (call) =>
        envelope(
          query(call).get('source') === '2'
            ? sampleQuote({ name: 'EUR/USD', stock_code: 'EURUSD', source: 2, market: 'FX', precision: 5, price_nominal: 1.08321, bid: 1.08316, ask: 1.08326 })
            : sampleQuote({ name: 'S&P 500', stock_code: 'SPX', source: 99, market: 'INDEX', marketType: 'INDEX', classify: 'GlobalIndex' }),
        ),
      '/m_ft/summary_detail': () => envelope(sampleStockDetail().summary),
      '/m_ft/kline': () => envelope(sampleKline()),
    });
    const { unmount } = renderApp('/pages/quote/forex?name=EUR%2FUSD&code=EURUSD&source=2&market=FX');
    const book = await screen.findByRole('region', { name: 'Geld und Brief' });
    const value = (label: string) => within(book).getByText(label).nextElementSibling?.textContent;
    expect(value('Geld')).toBe('1,08316');
    expect(value('Brief')).toBe('1,08326');
    expect(value('Spanne')).toBe('0,00010');
    unmount();

    renderApp('/pages/quote/globalindex?name=S%26P%20500&code=SPX&source=99');
    await screen.findByTestId('quote-last-price');
    expect(screen.queryByRole('region', { name: 'Geld und Brief' })).toBeNull();
  });
});

describe('news on a quote page (issue 20)', () => {
  it('lists the instrument’s articles newest first with their time, asks for its code, pages on, and opens one', async () => {
    const server = stockServer();
    server.on('/article/pageList', (call) => {
      // Pages of two, so the third article is on page 2.
      const body = call.body as { code: string; pageNum: number };
      return envelope(
        body.pageNum === 1
          ? { list: [newsItem(31, 'Apple beats estimates', 1_767_000_000), newsItem(30, 'Growth stocks rally', 1_766_900_000)], total: 3, pageNum: 1, pageSize: 2 }
          : { list: [newsItem(12, 'An older Apple story', 1_766_000_000)], total: 3, pageNum: 2, pageSize: 2 },
      );
    });
    server.on('/article/31', () => envelope({ ...newsItem(31, 'Apple beats estimates', 1_767_000_000), content: '<p>Record quarter.</p>' }));
    renderApp(stockPath);

    const news = await screen.findByRole('region', { name: 'News' });
    const links = await within(news).findAllByRole('link');
    expect(links.map((link) => link.querySelector('.quote-news-title')?.textContent)).toEqual(['Apple beats estimates', 'Growth stocks rally']);
    expect(server.callsTo('/article/pageList')[0]?.body).toMatchObject({ code: 'AAPL', pageNum: 1 });
    const time = links[0]!.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(new Date(1_767_000_000_000).toISOString());
    expect(time?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    fireEvent.click(within(news).getByRole('button', { name: 'More news' }));
    await waitFor(() => expect(within(news).getAllByRole('link')).toHaveLength(3));
    expect(within(news).queryByRole('button', { name: 'More news' })).toBeNull();

    fireEvent.click(within(news).getAllByRole('link')[0]!);
    expect(await screen.findByText('Record quarter.')).toBeTruthy();
  });

  it('says there is no news yet when none is tagged with the code, in the reader’s language', async () => {
    await i18n.changeLanguage('th');
    const server = stockServer();
    server.on('/article/pageList', (call) => envelope({ list: [], total: 0, pageNum: 1, pageSize: (call.body as { pageSize: number }).pageSize }));
    renderApp(stockPath);
    const news = await screen.findByRole('region', { name: 'ข่าว' });
    expect(await within(news).findByText('ยังไม่มีข่าวเกี่ยวกับ AAPL')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { gold, samplePage, sampleQuote, spx } from '../../../test/sample-quote';

vi.mock('../../../components/chart/price-chart', () => import('../../../test/chart-stub'));

const silver = gold({ name: 'Silver', stock_code: 'SI', price_nominal: 30.512, precision: 3, change: 0.2, change_ratio: 0.66 });
const copper = gold({ name: 'Copper', stock_code: 'HG', price_nominal: 4.5498, precision: 4, change: 0, change_ratio: 0 });
const query = (url: string) => new URL(url, 'http://app.test').searchParams;

function rowOf(code: string): HTMLElement {
  const row = document.querySelector<HTMLElement>(`.quote-row[data-code="${code}"]`);
  if (!row) throw new Error(`no row for ${code}`);
  return row;
}

describe('market tab', () => {
  it('lists a futures group with prices at their precision and SPEC colours for rise, fall and flat', async () => {
    const server = installFakeFetch({
      '/m_ft/futures_list': () => envelope([gold(), silver, copper]),
    });
    renderApp('/pages/market/index?tab=futures&group=metals');

    const list = await screen.findByRole('list', { name: 'Metals' });
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(query(server.callsTo('/m_ft/futures_list')[0]?.url ?? '').get('group')).toBe('metals');

    // Gold fell: red pill, minus sign.
    expect(within(rowOf('GC')).getByTestId('quote-price').textContent).toBe('2,650.40');
    const goldRatio = within(rowOf('GC')).getByTestId('quote-ratio');
    expect(goldRatio.textContent).toBe('-0.45%');
    expect(goldRatio.className).toContain('trend-bg-fall');
    // Silver rose: green pill, plus sign, three decimals.
    expect(within(rowOf('SI')).getByTestId('quote-price').textContent).toBe('30.512');
    expect(within(rowOf('SI')).getByTestId('quote-ratio').textContent).toBe('+0.66%');
    expect(within(rowOf('SI')).getByTestId('quote-ratio').className).toContain('trend-bg-rise');
    // Copper did not move: grey.
    expect(within(rowOf('HG')).getByTestId('quote-ratio').className).toContain('trend-bg-flat');
  });

  it('switches groups and US lists through the chips, keeping the choice in the URL', async () => {
    const server = installFakeFetch({
      '/m_ft/futures_list': () => envelope([gold()]),
      '/m_ft/stock_list': () => envelope(samplePage([sampleQuote()])),
      '/m_ft/topList': () => envelope(samplePage([sampleQuote({ stock_code: 'MCO', name: "Moody's Corp", change: -17.2, change_ratio: -7.4 })])),
    });
    const { router } = renderApp('/pages/market/index');

    await screen.findByRole('list', { name: 'NASDAQ' });
    expect(query(server.callsTo('/m_ft/stock_list')[0]?.url ?? '').get('market')).toBe('NASDAQ');

    fireEvent.click(screen.getByRole('button', { name: 'Top losers' }));
    await screen.findByRole('list', { name: 'Top losers' });
    const top = query(server.callsTo('/m_ft/topList')[0]?.url ?? '');
    expect(top.get('type')).toBe('losers');
    expect(top.get('pageNum')).toBe('1');
    expect(router.state.location.search).toContain('list=losers');
    // Top lists are ranked.
    expect(within(rowOf('MCO')).getByText('1')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Futures' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Energy' }));
    await waitFor(() => expect(server.callsTo('/m_ft/futures_list').map((c) => query(c.url).get('group'))).toContain('energy'));
  });

  it('ends the gainers where the fallers begin, asking for no further page', async () => {
    const server = installFakeFetch({
      '/m_ft/topList': () =>
        envelope(
          samplePage(
            [
              sampleQuote({ stock_code: 'UP1', change: 2, change_ratio: 1.1 }),
              sampleQuote({ stock_code: 'UP2', change: 1, change_ratio: 0.5 }),
              sampleQuote({ stock_code: 'DN1', change: -1, change_ratio: -0.4 }),
            ],
            572,
          ),
        ),
    });
    renderApp('/pages/market/index?tab=us&list=gainers');
    const list = await screen.findByRole('list', { name: 'Top gainers' });
    expect(within(list).getAllByRole('link').map((row) => row.dataset.code)).toEqual(['UP1', 'UP2']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.callsTo('/m_ft/topList')).toHaveLength(1);
  });

  it('opens each instrument on the quote page of its source, with name, code, source and market', async () => {
    installFakeFetch({ '/m_ft/global_index': () => envelope([spx()]) });
    renderApp('/pages/market/index?tab=indices');
    const row = await screen.findByRole('link', { name: /S&P 500/ });
    expect(row.getAttribute('href')).toBe('/pages/quote/globalindex?name=S%26P+500&code=SPX&source=99&market=INDEX');
  });

  it('loads forex as the source-2 instruments of the search list, page by page', async () => {
    const server = installFakeFetch({
      '/m_ft/all_stock_list': () =>
        envelope(samplePage([sampleQuote({ name: 'EUR/USD', stock_code: 'EURUSD', source: 2, market: 'FX', precision: 5, price_nominal: 1.08321 })])),
    });
    renderApp('/pages/market/index?tab=forex');
    expect((await screen.findByRole('link', { name: /EUR\/USD/ })).getAttribute('href')).toContain('/pages/quote/forex?');
    expect(query(server.callsTo('/m_ft/all_stock_list')[0]?.url ?? '').get('source')).toBe('2');
    expect(screen.getByText('1.08321')).toBeTruthy();
  });
});

describe('live quotes on a list', () => {
  it('subscribes to the rows on screen and repaints a row when its tick arrives', async () => {
    const ws = installFakeWebSocket();
    installFakeFetch({ '/m_ft/futures_list': () => envelope([gold(), silver]) });
    renderApp('/pages/market/index?tab=futures&group=metals');
    await screen.findByRole('list', { name: 'Metals' });

    await waitFor(() =>
      expect(ws.sent()).toContainEqual({
        type: 'subscribe',
        symbols: [
          { source: 3, code: 'GC' },
          { source: 3, code: 'SI' },
        ],
      }),
    );
    expect(ws.latest()?.url).toBe(`ws://${window.location.host}/ws`);

    // Gold turns up: new price, green, and a brief green flash.
    ws.tick({ source: 3, code: 'GC', price_nominal: 2671.9, change: 9.4, change_ratio: 0.35, ts: Date.now() });
    await waitFor(() => expect(within(rowOf('GC')).getByTestId('quote-price').textContent).toBe('2,671.90'));
    expect(within(rowOf('GC')).getByTestId('quote-ratio').textContent).toBe('+0.35%');
    expect(within(rowOf('GC')).getByTestId('quote-ratio').className).toContain('trend-bg-rise');
    // The flash follows the new price by one render and lasts 700 ms.
    await waitFor(() => expect(within(rowOf('GC')).getByTestId('quote-price').className).toContain('flash-up'));
    // The other row is untouched.
    expect(within(rowOf('SI')).getByTestId('quote-price').textContent).toBe('30.512');
  });

  it('ignores a tick older than the price it already shows', async () => {
    const ws = installFakeWebSocket();
    installFakeFetch({ '/m_ft/futures_list': () => envelope([gold({ currencyUsDatetime: 2_000_000_000 })]) });
    renderApp('/pages/market/index?tab=futures&group=metals');
    await screen.findByRole('list', { name: 'Metals' });
    await waitFor(() => expect(ws.sent()).toHaveLength(1));

    ws.tick({ source: 3, code: 'GC', price_nominal: 1, change: -2000, change_ratio: -99, ts: 1_999_999_000_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(within(rowOf('GC')).getByTestId('quote-price').textContent).toBe('2,650.40');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch, type RecordedCall } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { gold, sampleKline, sampleQuote, spx } from '../../../test/sample-quote';
import { sampleUser } from '../../../test/sample-user';

vi.mock('../../../components/chart/price-chart', () => import('../../../test/chart-stub'));

const query = (call: RecordedCall | undefined) => new URL(call?.url ?? '/', 'http://app.test').searchParams;

function homeServer(customList = [gold(), sampleQuote()]) {
  const kline = sampleKline('1D', 70);
  // `o` is the close value the Home chart draws; make it differ from `close` to prove which is read.
  kline.points = kline.points.map((point, i) => ({ ...point, o: 100 + i }));
  return installFakeFetch({
    '/m_ft/global_index': () => envelope([spx(), spx({ name: 'Dow Jones', stock_code: 'DJI', change: 47.1, change_ratio: 0.08 })]),
    '/m_ft/home_custom_list': () => envelope(customList),
    '/m_ft/hot_stock': () => envelope([sampleQuote({ name: 'NVIDIA Corp', stock_code: 'NVDA' }), sampleQuote()]),
    '/m_ft/kline': () => envelope(kline),
  });
}

describe('home tab', () => {
  it('shows search, index cards, the custom list and ranked hot stocks', async () => {
    homeServer();
    renderApp('/pages/home/index');

    expect((await screen.findByRole('link', { name: /Search stocks/ })).getAttribute('href')).toBe('/pages/search/index');
    const indices = await screen.findByRole('navigation', { name: 'Global indices' });
    expect(within(indices).getAllByRole('link').map((card) => card.dataset.code)).toEqual(['SPX', 'DJI']);
    expect(within(indices).getByRole('link', { name: /Dow Jones/ }).getAttribute('href')).toContain('/pages/quote/globalindex?');

    const featured = await screen.findByRole('list', { name: 'Featured' });
    expect(within(featured).getAllByRole('link').map((row) => row.dataset.code)).toEqual(['GC', 'AAPL']);
    const hot = await screen.findByRole('list', { name: 'Hot stocks' });
    expect(within(hot).getAllByRole('link')[0]?.textContent).toMatch(/^1/);
  });

  it('charts the last 50 close values of the first custom-list instrument from its 1D kline', async () => {
    const server = homeServer();
    renderApp('/pages/home/index');

    const chart = await screen.findByTestId('price-chart');
    expect(query(server.callsTo('/m_ft/kline')[0])).toEqual(
      new URLSearchParams({ stockCode: 'GC', type: '1D', market: 'COMEX', source: '3' }),
    );
    expect(chart.dataset.points).toBe('50');
    expect(chart.dataset.lastClose).toBe('169');
    expect(chart.dataset.kind).toBe('area');
    // The card's name is its visible text (name, code, price), so what a screen reader says is what is shown.
    expect(screen.getByRole('link', { name: /^Gold GC · / }).getAttribute('href')).toContain('/pages/quote/future?name=Gold&code=GC');
  });

  it('charts the S&P 500 when the custom list is empty', async () => {
    const server = homeServer([]);
    renderApp('/pages/home/index');
    await screen.findByTestId('price-chart');
    expect(query(server.callsTo('/m_ft/kline')[0]).get('stockCode')).toBe('SPX');
    expect(query(server.callsTo('/m_ft/kline')[0]).get('source')).toBe('99');
  });

  it('calls the list the watchlist once signed in, sending the token', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = homeServer();
    renderApp('/pages/home/index');
    expect(await screen.findByRole('list', { name: 'My watchlist' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/m_ft/home_custom_list')[0]?.headers.Authorization).toBe('tok'));
  });
});

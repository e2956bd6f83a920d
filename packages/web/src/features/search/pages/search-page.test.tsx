import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch, type RecordedCall } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { gold, samplePage, sampleQuote } from '../../../test/sample-quote';
import { SEARCH_DEBOUNCE_MS } from './search-page';

vi.mock('../../../components/chart/price-chart', () => import('../../../test/chart-stub'));

const query = (call: RecordedCall | undefined) => new URL(call?.url ?? '/', 'http://app.test').searchParams;
const history = () => JSON.parse(window.localStorage.getItem(StorageKey.searchHistory) ?? '[]') as { code: string }[];

function searchServer() {
  return installFakeFetch({
    '/m_ft/hot_stock': () => envelope([sampleQuote({ name: 'NVIDIA Corp', stock_code: 'NVDA' })]),
    '/m_ft/all_stock_list': (call) =>
      envelope(
        samplePage(
          query(call).get('keyword') === 'gold'
            ? [gold()]
            : [sampleQuote(), sampleQuote({ name: 'AppLovin Corp', stock_code: 'APP', price_nominal: 339.39 })],
        ),
      ),
    '/m_ft/stock_detail_ft': () => envelope(null, 404, 'Not found'),
  });
}

function type(text: string) {
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
}

describe('search page', () => {
  it('searches once typing pauses, over every instrument', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = searchServer();
    renderApp('/pages/search/index');
    await screen.findByRole('searchbox');

    type('a');
    type('ap');
    type('app');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50));
    expect(server.callsTo('/m_ft/all_stock_list')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));

    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('link')).toHaveLength(2);
    expect(server.callsTo('/m_ft/all_stock_list')).toHaveLength(1);
    const sent = query(server.callsTo('/m_ft/all_stock_list')[0]);
    expect(sent.get('keyword')).toBe('app');
    expect(sent.get('pageNum')).toBe('1');
    expect(sent.has('source')).toBe(false);

    // An asset-class chip narrows the search to one source.
    fireEvent.click(screen.getByRole('button', { name: 'Futures' }));
    await waitFor(() => expect(query(server.callsTo('/m_ft/all_stock_list').at(-1)).get('source')).toBe('3'));
  });

  it('records an opened result in shistory, newest first without duplicates, at most ten, and lists them', async () => {
    const earlier = Array.from({ length: 10 }, (_, i) => ({ name: `Stock ${i}`, code: i === 4 ? 'AAPL' : `S${i}`, source: 0 }));
    window.localStorage.setItem(StorageKey.searchHistory, JSON.stringify(earlier));
    searchServer();
    const { router } = renderApp('/pages/search/index');

    // What was stored is offered at once.
    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('link')).toHaveLength(10);

    type('app');
    const results = await screen.findByRole('list', { name: 'Search results' }, { timeout: 2000 });
    fireEvent.click(within(results).getByRole('link', { name: /Apple Inc/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/quote/stock'));
    expect(router.state.location.search).toBe('?name=Apple+Inc&code=AAPL&source=0&market=NASDAQ');
    // AAPL moved to the front: still ten entries, one AAPL.
    expect(history()[0]).toEqual({ name: 'Apple Inc', code: 'AAPL', source: 0, market: 'NASDAQ' });
    expect(history().map((entry) => entry.code)).toEqual(['AAPL', 'S0', 'S1', 'S2', 'S3', 'S5', 'S6', 'S7', 'S8', 'S9']);

    // Back on the search page the newest is first.
    await act(() => router.navigate(-1));
    const again = await screen.findByRole('region', { name: 'Recent searches' });
    expect(within(again).getAllByRole('link')[0]?.textContent).toContain('AAPL');

    // A new instrument pushes the oldest out: never more than ten.
    type('app');
    const more = await screen.findByRole('list', { name: 'Search results' }, { timeout: 2000 });
    fireEvent.click(within(more).getByRole('link', { name: /AppLovin/ }));
    await waitFor(() => expect(history()[0]?.code).toBe('APP'));
    expect(history().map((entry) => entry.code)).toEqual(['APP', 'AAPL', 'S0', 'S1', 'S2', 'S3', 'S5', 'S6', 'S7', 'S8']);
  });

  it('clears the recent searches', async () => {
    window.localStorage.setItem(StorageKey.searchHistory, JSON.stringify([{ name: 'Gold', code: 'GC', source: 3 }]));
    searchServer();
    renderApp('/pages/search/index');
    const recent = await screen.findByRole('region', { name: 'Recent searches' });
    expect(within(recent).getByRole('link', { name: /GC/ }).getAttribute('href')).toBe('/pages/quote/future?name=Gold&code=GC&source=3');

    fireEvent.click(within(recent).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull());
    expect(window.localStorage.getItem(StorageKey.searchHistory)).toBeNull();
  });

  it('says when nothing matches', async () => {
    installFakeFetch({
      '/m_ft/hot_stock': () => envelope([]),
      '/m_ft/all_stock_list': () => envelope(samplePage([])),
    });
    renderApp('/pages/search/index');
    await screen.findByRole('searchbox');
    type('zzz');
    expect(await screen.findByText('No matches for "zzz"', {}, { timeout: 2000 })).toBeTruthy();
  });
});

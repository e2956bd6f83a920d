import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { installFakeWebSocket } from '../../../test/fake-websocket';
import { renderApp } from '../../../test/render-app';
import { samplePage, sampleQuote } from '../../../test/sample-quote';

describe('product pages', () => {
  it('Taiwan states its rules before the TWSE list', async () => {
    installFakeWebSocket();
    installFakeFetch({
      '/tg_st/all_stock_list': () => envelope(samplePage([sampleQuote({ name: 'Taiwan Semiconductor', stock_code: '2330', source: 7, price_nominal: 1085 })])),
    });
    renderApp('/pages/product/taiwan');
    const rules = await screen.findByRole('region', { name: 'How Taiwan stocks trade' });
    expect(within(rules).getByText(/Board lots of 1,000 shares/)).toBeTruthy();
    expect(within(rules).getByText(/±10 %/)).toBeTruthy();
    expect(await screen.findByText('Taiwan Semiconductor')).toBeTruthy();
  });

  it('Futures lists a group and switches groups in the URL', async () => {
    installFakeWebSocket();
    const server = installFakeFetch({
      '/m_ft/futures_list': (call) => {
        const energy = new URL(call.url, 'http://app.test').searchParams.get('group') === 'energy';
        return envelope([sampleQuote({ name: energy ? 'Crude Oil' : 'Gold', stock_code: energy ? 'CL' : 'GC', source: 3 })]);
      },
    });
    const { router } = renderApp('/pages/product/future');
    expect(await screen.findByText('Gold')).toBeTruthy();
    expect(screen.getByText(/last trading day is settled at the market price/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Energy' }));
    expect(await screen.findByText('Crude Oil')).toBeTruthy();
    expect(router.state.location.search).toBe('?group=energy');
    expect(server.callsTo('/m_ft/futures_list').map((call) => new URL(call.url, 'http://app.test').searchParams.get('group'))).toEqual(['metals', 'energy']);
  });

  it('Popular shows the most traded and the most watched, ranked', async () => {
    installFakeWebSocket();
    installFakeFetch({
      '/m_ft/popular': () =>
        envelope({
          mostTraded: [{ ...sampleQuote({ name: 'Tesla Inc', stock_code: 'TSLA' }), count: 40 }, { ...sampleQuote({ name: 'Apple Inc', stock_code: 'AAPL' }), count: 12 }],
          mostWatched: [],
        }),
    });
    renderApp('/pages/product/popular');
    const traded = await screen.findByRole('region', { name: 'Most traded' });
    await waitFor(() => expect(within(traded).getByText('Tesla Inc')).toBeTruthy());
    expect(within(screen.getByRole('region', { name: 'Most watched' })).getByText('Nothing to show here yet.')).toBeTruthy();
  });
});

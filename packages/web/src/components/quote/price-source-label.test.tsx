import type { MarketDataSource } from '@tradewind/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { i18n } from '../../i18n/i18n';
import { saveSession } from '../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { sampleKline, sampleQuote, sampleStockDetail } from '../../test/sample-quote';
import { sampleRules, sampleWallet } from '../../test/sample-trading';
import { sampleUser } from '../../test/sample-user';
import { MarketSourceIntro, PriceSourceLabel } from './price-source-label';

vi.mock('../chart/price-chart', () => import('../../test/chart-stub'));

const simulator: MarketDataSource = { providerId: 'simulator', displayName: 'Tradewind simulator', simulated: true, realtime: false, delaySeconds: 0 };
const replay: MarketDataSource = { providerId: 'csv-replay', displayName: 'CSV replay · sample-ticks.csv', simulated: true, realtime: false, delaySeconds: 0 };
const finnhub: MarketDataSource = { providerId: 'finnhub', displayName: 'Finnhub', simulated: false, realtime: true, delaySeconds: 0 };
const delayed: MarketDataSource = { ...finnhub, realtime: false, delaySeconds: 900 };

function renderLabel(source: MarketDataSource, ui = <PriceSourceLabel />) {
  const server = installFakeFetch({ '/market/dataSource': () => envelope(source) });
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
  return server;
}

describe('the price source line', () => {
  it.each([
    ['the simulator', simulator, 'Simulated prices'],
    ['a CSV replay', replay, 'Replayed prices · CSV replay · sample-ticks.csv'],
    ['a real-time feed', finnhub, 'Finnhub · real-time'],
    ['a delayed feed', delayed, 'Finnhub · delayed 15 min'],
  ])('names %s', async (_, source, text) => {
    const server = renderLabel(source);
    expect((await screen.findByTestId('price-source')).textContent).toBe(text);
    expect(server.callsTo('/market/dataSource')).toHaveLength(1);
  });

  it('adds the time of the prices on the 24-hour clock, with the date when it is not today', async () => {
    const today = new Date();
    today.setHours(14, 31, 5, 0);
    renderLabel(simulator, <PriceSourceLabel asOf={today.getTime()} />);
    expect((await screen.findByTestId('price-source')).textContent).toBe('Simulated prices · as of 14:31:05');
  });

  it('writes an older time with its date', async () => {
    renderLabel(simulator, <PriceSourceLabel asOf={new Date(2026, 0, 5, 15, 4, 9)} />);
    expect((await screen.findByTestId('price-source')).textContent).toBe('Simulated prices · as of 01-05-2026 15:04:09');
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('de');
    renderLabel(delayed);
    expect((await screen.findByTestId('price-source')).textContent).toBe('Finnhub · 15 Min. verzögert');
  });

  it('keeps its place, empty, while the source loads or when it cannot be read', () => {
    installFakeFetch({ '/market/dataSource': () => 'hang' });
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <PriceSourceLabel />
      </QueryClientProvider>,
    );
    expect(container.querySelector('.price-source')?.textContent).toBe('');
    expect(screen.queryByTestId('price-source')).toBeNull();
  });
});

describe('the first-run note on Home', () => {
  it('says the default market is simulated', async () => {
    renderLabel(simulator, <MarketSourceIntro />);
    expect((await screen.findByTestId('market-source-intro')).textContent).toBe('Simulated market: prices here are generated for practice, not live quotes.');
  });

  it('names a real feed and its delay', async () => {
    renderLabel(delayed, <MarketSourceIntro />);
    expect((await screen.findByTestId('market-source-intro')).textContent).toBe('Market data: Finnhub · delayed 15 min');
  });

  it('is on Home for a visitor who has not signed in', async () => {
    installFakeFetch({ '/market/dataSource': () => envelope(simulator) });
    renderApp('/pages/home/index');
    expect((await screen.findByTestId('market-source-intro')).textContent).toContain('Simulated market');
  });
});

describe('on the pages that show prices', () => {
  it('the stock quote page labels its chart', async () => {
    installFakeFetch({
      '/market/dataSource': () => envelope(simulator),
      '/m_ft/stock_detail_ft': () => envelope(sampleStockDetail()),
      '/m_ft/kline': () => envelope(sampleKline('intraday')),
    });
    renderApp('/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ');
    const chart = await screen.findByRole('region', { name: 'Chart' });
    expect((await screen.findByTestId('price-source')).closest('section')).toBe(chart);
    expect(screen.getByTestId('price-source').textContent).toBe('Simulated prices');
  });

  it('the order page labels the price it orders against, with its time', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const quote = sampleQuote();
    installFakeFetch({
      '/market/dataSource': () => envelope(simulator),
      '/quotes/getStock': () => envelope(quote),
      '/stocka_config/getMinCount': () => envelope(sampleRules()),
      '/wallet/getWalletBalance': () => envelope(sampleWallet()),
    });
    renderApp('/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0');
    await screen.findByTestId('order-last-price');
    const label = await screen.findByTestId('price-source');
    expect(label.textContent).toMatch(/^Simulated prices · as of \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
  });
});

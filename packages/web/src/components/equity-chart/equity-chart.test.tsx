import type { EquityHistory, EquityRange } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session/session-store';
import { envelope, installFakeFetch, type RecordedCall } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { sampleUser } from '../../test/sample-user';

vi.mock('../chart/price-chart', () => import('../../test/chart-stub'));

const point = (day: string, valueMinor: number, netDepositsMinor: number, pnlMinor: number, live = false) => ({ day, valueMinor, netDepositsMinor, pnlMinor, live });

const history = (range: EquityRange): EquityHistory => ({
  range,
  currency: 'USD',
  points:
    range === '1W'
      ? [point('2026-01-06', 1_000_00, 0, 0), point('2026-01-07', 1_612_34, 500_00, 112_34, true)]
      : [point('2026-01-05', 900_00, 0, 0), point('2026-01-06', 1_000_00, 0, 100_00), point('2026-01-07', 1_612_34, 500_00, 212_34, true)],
  changeMinor: range === '1W' ? 612_34 : 712_34,
  netDepositsMinor: 500_00,
  pnlMinor: range === '1W' ? 112_34 : 212_34,
});

const rangeOf = (call: RecordedCall) => new URL(call.url, 'http://app.test').searchParams.get('range');

describe('the account value chart', () => {
  it('draws the range asked for with its P&L net of deposits, on Account and on the Trade tab', async () => {
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/account/equityHistory': (call) => envelope(history(rangeOf(call) as EquityRange)),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');

    const card = await screen.findByRole('region', { name: 'Account value' });
    const chart = await within(card).findByRole('img', { name: 'Account value chart, 1M' });
    expect(chart.dataset.points).toBe('3');
    expect(chart.dataset.lastClose).toBe('1612.34');
    expect(within(card).getByTestId('equity-pnl').textContent).toBe('+$212.34');
    expect(within(card).getByTestId('equity-pnl').className).toContain('trend-rise');
    expect(within(card).getByTestId('equity-net-deposits').textContent).toBe('+$500.00');
    expect(server.callsTo('/account/equityHistory').map(rangeOf)).toEqual(['1M']);

    const ranges = within(card).getByRole('group', { name: 'Chart period' });
    expect(within(ranges).getAllByRole('button').map((b) => b.textContent)).toEqual(['1W', '1M', '3M', '1Y', 'All']);
    fireEvent.click(within(ranges).getByRole('button', { name: '1W' }));
    expect(await within(card).findByRole('img', { name: 'Account value chart, 1W' })).toBeTruthy();
    await waitFor(() => expect(within(card).getByTestId('equity-pnl').textContent).toBe('+$112.34'));
    expect(within(ranges).getByRole('button', { name: '1W' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.callsTo('/account/equityHistory').map(rangeOf)).toEqual(['1M', '1W']);
  }, 15_000);

  it('is on the Trade tab too', async () => {
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/account/equityHistory': (call) => envelope(history(rangeOf(call) as EquityRange)),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/trade/index');
    const card = await screen.findByRole('region', { name: 'Account value' });
    expect((await within(card).findByRole('img', { name: 'Account value chart, 1M' })).dataset.points).toBe('3');
  });

  it('explains the empty chart of a new account (one point) instead of drawing it', async () => {
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/account/equityHistory': () =>
        envelope({ range: '1M', currency: 'USD', points: [point('2026-01-07', 0, 0, 0, true)], changeMinor: 0, netDepositsMinor: 0, pnlMinor: 0 }),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');
    const card = await screen.findByRole('region', { name: 'Account value' });
    expect(await within(card).findByText(/Your chart fills in day by day/)).toBeTruthy();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).getByTestId('equity-pnl').textContent).toBe('$0.00');
  });

  it('offers another try when the history cannot be loaded', async () => {
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/account/equityHistory': () => ({ status: 500, body: { code: 500, msg: 'boom', data: null } }),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');
    const card = await screen.findByRole('region', { name: 'Account value' });
    expect(await within(card).findByText('The account value history could not be loaded.', {}, { timeout: 5000 })).toBeTruthy();
    server.on('/account/equityHistory', (call) => envelope(history(rangeOf(call) as EquityRange)));
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByRole('img', { name: 'Account value chart, 1M' })).toBeTruthy();
  });
});

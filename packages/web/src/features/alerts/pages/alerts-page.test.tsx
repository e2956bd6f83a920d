import type { PriceAlert } from '@tradewind/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function sampleAlert(overrides: Partial<PriceAlert> = {}): PriceAlert {
  return {
    id: 3,
    stockCode: 'AAPL',
    name: 'Apple Inc',
    source: 0,
    market: 'NASDAQ',
    kind: 'price',
    direction: 'above',
    targetPrice: 200,
    basePrice: 190.5,
    percent: null,
    status: 'active',
    triggeredPrice: null,
    triggeredTimestamp: null,
    createTimestamp: 1_735_800_000,
    ...overrides,
  };
}

describe('alerts page', () => {
  it('lists active alerts before fired ones, with what fires them', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    installFakeFetch({
      '/alert/list': () =>
        envelope([
          sampleAlert({ id: 5, kind: 'percent', direction: 'below', percent: 5, basePrice: 100, targetPrice: 95, status: 'triggered', triggeredPrice: 94.9, triggeredTimestamp: 1_735_900_000 }),
          sampleAlert(),
        ]),
    });
    renderApp('/pages/alerts/index');
    const lines = await screen.findAllByTestId('alert-line');
    expect(lines.map((l) => l.textContent)).toEqual(['At or above 200.00', 'Down 5 % from 100.00 → 95.00']);
    expect(screen.getAllByTestId('alert-status').map((s) => s.textContent)).toEqual(['Active', 'Fired']);
    expect(screen.getByText(/Fired at 94.90/)).toBeTruthy();
  });

  it('opened from a quote, sets an alert for that instrument; a bad value is refused before sending', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = installFakeFetch({
      '/alert/list': () => envelope([]),
      '/alert/create': () => envelope(sampleAlert({ kind: 'percent', percent: 3, targetPrice: 196.2 })),
    });
    renderApp('/pages/alerts/index?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ&price=190.5');
    expect(await screen.findByText('No alerts yet. Open a quote and tap the bell to set one.')).toBeTruthy();
    expect(screen.getByText('For Apple Inc · now 190.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '% move' }));
    fireEvent.change(screen.getByLabelText('Move (%)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText('Enter a percent above 0 (below 100 for a fall)')).toBeTruthy();
    expect(server.callsTo('/alert/create')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Move (%)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(server.callsTo('/alert/create')).toHaveLength(1));
    expect(server.callsTo('/alert/create')[0]?.body).toEqual({ stockCode: 'AAPL', source: 0, market: 'NASDAQ', kind: 'percent', direction: 'above', percent: 3 });
  });

  it('deletes an alert', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = installFakeFetch({ '/alert/list': () => envelope([sampleAlert()]), '/alert/delete': () => envelope(null) });
    renderApp('/pages/alerts/index');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('/alert/delete')[0]?.body).toEqual({ id: 3 }));
  });
});

import type { RecurringPlan } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function samplePlan(overrides: Partial<RecurringPlan> = {}): RecurringPlan {
  return {
    id: 9,
    stockCode: 'AAPL',
    name: 'Apple Inc',
    source: 0,
    market: 'NASDAQ',
    amount: 250,
    currency: 'USD',
    walletType: 'STOCK',
    frequency: 'weekly',
    time: '15:00',
    weekday: 1,
    dayOfMonth: null,
    status: 'active',
    nextRunTimestamp: 1_736_175_600,
    createTimestamp: 1_735_800_000,
    ...overrides,
  };
}

describe('recurring investment page', () => {
  it('lists plans with schedule and next run, shows a plan’s runs with why one was skipped, and pauses', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = installFakeFetch({
      '/recurring/list': () => envelope([samplePlan()]),
      '/recurring/runs': () =>
        envelope({
          list: [
            { id: 2, planId: 9, scheduledTimestamp: 1_735_570_800, status: 'skipped', quantity: 0, reason: 'Skipped: the STOCK wallet had less than the plan amount available', orderId: null, fillPrice: null, spent: null, createTimestamp: 1_735_570_800 },
            { id: 1, planId: 9, scheduledTimestamp: 1_734_966_000, status: 'filled', quantity: 1, reason: null, orderId: 4, fillPrice: 190.5, spent: 190.6, createTimestamp: 1_734_966_000 },
          ],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        }),
      '/recurring/pause': () => envelope(samplePlan({ status: 'paused', nextRunTimestamp: null })),
    });
    renderApp('/pages/recurring/index');
    expect((await screen.findByTestId('plan-every')).textContent).toBe('Every Mon at 15:00 UTC');
    // The plan is set in UTC, so its next run is told in UTC too (24-hour), whatever the phone's zone.
    expect(screen.getByTestId('plan-next').textContent).toBe('Next run 01-06-2025 15:00:00 UTC');
    fireEvent.click(screen.getByRole('button', { name: 'Runs' }));
    const runs = await screen.findAllByTestId('plan-run');
    expect(runs[0]!.textContent).toContain('Skipped: the STOCK wallet had less than the plan amount available');
    expect(runs[1]!.textContent).toContain('Bought 1 at 190.50 for $190.60');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(server.callsTo('/recurring/pause')[0]?.body).toEqual({ id: 9 }));
  });

  it('opened from a quote, starts a monthly plan; a bad amount is refused before sending', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = installFakeFetch({ '/recurring/list': () => envelope([]), '/recurring/create': () => envelope(samplePlan({ frequency: 'monthly', weekday: null, dayOfMonth: 31 })) });
    renderApp('/pages/recurring/index?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ');
    // The empty state names the quote page's button by its label (issue 20: it named one that did not exist).
    const empty = await screen.findByText((_, element) => element?.className === 'list-empty' && element.textContent?.startsWith('No plans yet.') === true);
    expect(empty.textContent).toBe('No plans yet. Open a quote and choose “Recurring investment”. Browse the market');
    expect(within(empty).getByRole('link', { name: 'Browse the market' }).getAttribute('href')).toBe('/pages/market/index');
    fireEvent.change(screen.getByLabelText('Amount per run (USD)'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start plan' }));
    await waitFor(() => expect(screen.getByLabelText('Amount per run (USD)').getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(screen.getByLabelText('Amount per run (USD)'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    fireEvent.change(screen.getByLabelText('Day of the month'), { target: { value: '31' } });
    expect(screen.getByText('In shorter months it runs on the last day.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start plan' }));
    await waitFor(() => expect(server.callsTo('/recurring/create')).toHaveLength(1));
    expect(server.callsTo('/recurring/create')[0]?.body).toEqual({ stockCode: 'AAPL', source: 0, market: 'NASDAQ', amount: '250', frequency: 'monthly', time: '15:00', dayOfMonth: 31 });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { fundingServer, sampleWithdrawal } from '../test/funding-server';

/* Issue 20: a user cancels a pending withdrawal from the records; a cancelled one reads as returned. */

describe('cancelling a withdrawal', () => {
  it('asks first, then cancels the pending one and says the money is back', async () => {
    const server = fundingServer({ withdrawals: [sampleWithdrawal({ id: 31, amount: 200 }), sampleWithdrawal({ id: 30, status: 3 })] });
    let cancelled = false;
    server.on('/withdrawal/listPage', () =>
      envelope({ list: [sampleWithdrawal({ id: 31, amount: 200, status: cancelled ? 4 : 1 }), sampleWithdrawal({ id: 30, status: 3 })], total: 2, pageNum: 1, pageSize: 20 }),
    );
    server.on('/withdrawal/cancel', () => {
      cancelled = true;
      return envelope(sampleWithdrawal({ id: 31, amount: 200, status: 4 }));
    });
    renderApp('/pages/deposit/record?tab=withdrawals');
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    // Only the pending one can be cancelled.
    expect(within(list).getAllByRole('button', { name: 'Cancel withdrawal' })).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(within(dialog).getByText('The $200.00 set aside for it becomes available in your balance again.')).toBeTruthy();
    expect(server.callsTo('/withdrawal/cancel')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    await waitFor(() => expect(server.callsTo('/withdrawal/cancel')).toHaveLength(1));
    expect(server.callsTo('/withdrawal/cancel')[0]?.body).toEqual({ id: 31 });
    const row = await waitFor(() => {
      const found = document.querySelector('[data-withdrawal-id="31"]');
      expect(found?.textContent).toContain('Cancelled');
      return found as HTMLElement;
    });
    expect(within(row).getByTestId('record-amount').textContent).toBe('$200.00');
    expect(within(row).getByText('$200.00 returned to your balance')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
  });

  it('keeping it sends nothing', async () => {
    const server = fundingServer({ withdrawals: [sampleWithdrawal({ id: 31 })] });
    renderApp('/pages/deposit/record?tab=withdrawals');
    const list = await screen.findByRole('list', { name: 'Withdrawals' });
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this withdrawal?' })).toBeNull());
    expect(server.callsTo('/withdrawal/cancel')).toHaveLength(0);
  });
});

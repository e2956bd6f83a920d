import type { AdminAgency } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

const agency: AdminAgency = {
  id: 2,
  name: 'Keel Value & Income',
  strategy: 'Banks and industrials',
  feePercent: 1,
  termDays: 180,
  minAmount: 100,
  maxAmount: 1_000_000,
  holdings: [
    { stockCode: 'BAC', name: 'Bank of America', market: 'NYSE', weight: 60, price: 40, change_ratio: 0.5 },
    { stockCode: 'F', name: 'Ford Motor', market: 'NYSE', weight: 40, price: 12, change_ratio: -0.2 },
  ],
  trackRecord: { month1: 1, month3: 2, year1: 7.5, curve: [100, 107.5] },
  active: true,
  openFollows: 3,
  createTimeTimestamp: 1_767_225_600,
  modifyTimeTimestamp: 1_767_225_600,
};

describe('investment agencies', () => {
  it('lists agencies and edits one: a portfolio off 100 % is caught before sending, then the whole agency is saved', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/agencies': () => envelope([agency]),
      '/admin/agencies/2': () => envelope({ ...agency, active: false }),
    });
    renderAdmin('/admin/agencies');
    const table = await screen.findByRole('table', { name: 'Investment agencies' });
    expect(within(table).getByText('BAC 60%, F 40%')).toBeTruthy();
    expect(within(table).getByText('+7.50%')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Edit Keel Value & Income' }));

    const form = await screen.findByRole('form', { name: 'Edit Keel Value & Income' });
    fireEvent.change(within(form).getByLabelText('Weight 2 (%)'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The weights add up to 90.00 %; they must add up to 100 %.')).toBeTruthy();
    expect(server.callsTo('/admin/agencies/2')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Add a stock' }));
    fireEvent.change(within(form).getByLabelText('Stock 3 (US ticker)'), { target: { value: 'msft' } });
    fireEvent.change(within(form).getByLabelText('Weight 3 (%)'), { target: { value: '10' } });
    fireEvent.click(within(form).getByLabelText('Takes new follows'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('/admin/agencies/2')).toHaveLength(1));
    expect(server.callsTo('/admin/agencies/2')[0]?.body).toEqual({
      name: 'Keel Value & Income',
      strategy: 'Banks and industrials',
      feePercent: 1,
      termDays: 180,
      active: false,
      holdings: [
        { stockCode: 'BAC', weight: 60 },
        { stockCode: 'F', weight: 30 },
        { stockCode: 'MSFT', weight: 10 },
      ],
    });
  });
});

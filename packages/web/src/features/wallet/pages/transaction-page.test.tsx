import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateFormat, formatDate } from '../../../lib/format-date';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { page, sampleBillItem } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

const bill = [
  sampleBillItem({ id: 3, amount: 389.1, kind: 'order-close', memo: 'Close 10 AAPL @ 190.63', createTimeTimestamp: 1_735_803_600 }),
  sampleBillItem({ id: 2, amount: -379.8, kind: 'order-open' }),
  sampleBillItem({ id: 1, walletType: 'TW', currency: 'TWD', amount: 30_000, kind: 'deposit', memo: '' }),
];

function billServer() {
  saveSession({ token: 'tok', user: sampleUser() });
  return installFakeFetch({
    '/wallet/getWalletBill': (call) => {
      const { walletType } = call.body as { walletType?: string };
      return envelope(page(walletType ? bill.filter((item) => item.walletType === walletType) : bill));
    },
  });
}

describe('transactions page (wallet bill)', () => {
  it('lists movements with signed, coloured amounts and SPEC §9 dates, asking in the browser time zone', async () => {
    const server = billServer();
    renderApp('/pages/profile/transaction');
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const amounts = within(list).getAllByTestId('bill-amount');
    expect(amounts.map((amount) => amount.textContent)).toEqual(['+$389.10', '-$379.80', '+NT$30,000.00']);
    expect(amounts[0]?.className).toContain('trend-rise');
    expect(amounts[1]?.className).toContain('trend-fall');

    expect(within(rows[0] as HTMLElement).getByText('Position closed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Close 10 AAPL @ 190.63')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Position opened')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Deposit')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(`Stock wallet · ${formatDate(1_735_803_600, DateFormat.dateTime)}`)).toBeTruthy();
    expect(formatDate(1_735_803_600, DateFormat.dateTime)).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);

    expect(server.callsTo('/wallet/getWalletBill')[0]?.body).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('filters by wallet', async () => {
    const server = billServer();
    renderApp('/pages/profile/transaction');
    await screen.findByRole('list', { name: 'Transactions' });
    fireEvent.click(screen.getByRole('button', { name: 'Taiwan stock wallet' }));
    await waitFor(() => expect(screen.getAllByTestId('bill-amount')).toHaveLength(1));
    expect(server.callsTo('/wallet/getWalletBill').at(-1)?.body).toMatchObject({ walletType: 'TW' });
    expect(screen.getByRole('button', { name: 'Taiwan stock wallet', pressed: true })).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    installFakeFetch({ '/wallet/getWalletBill': () => envelope(page([])) });
    renderApp('/pages/profile/transaction');
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
  });
});

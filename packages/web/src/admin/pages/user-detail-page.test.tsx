import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';
import { page } from '../test/samples';

const ada = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  role: 'user',
  kycStatus: 3,
  tradePermission: 3,
  blockTradePermission: 1,
  blocked: false,
  createTimeTimestamp: 1_767_225_600,
};

const detail = (blocked = false) => ({
  user: { ...ada, blocked },
  wallets: {
    wallets: [
      { walletType: 'BALANCE', currency: 'USD', balance: 500, available: 425, frozen: 75 },
      { walletType: 'STOCK', currency: 'USD', balance: 1200.5, available: 1200.5, frozen: 0 },
    ],
    totalUsd: 1700.5,
  },
  postings: page([
    { id: 3, walletType: 'BALANCE', currency: 'USD', amount: 500, kind: 'deposit', memo: '', referenceType: 'deposit', referenceId: 11, createTimeTimestamp: 1_767_225_600, createTime: '01-01-2026 12:00:00' },
  ]),
  positions: [],
  sessions: [{ id: 1, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone)', createTimeTimestamp: 1_767_225_600, expireTimeTimestamp: 1_769_817_600 }],
});

function setUp() {
  const admin = signIn();
  let blocked = false;
  const server = installFakeFetch({
    '/api/user/info': () => envelope(admin),
    '/admin/users/7': () => envelope(detail(blocked)),
    '/admin/users/7/block': () => {
      blocked = true;
      return envelope({ ...ada, blocked: true });
    },
    '/admin/users/7/credit': () => envelope({ walletType: 'BALANCE', currency: 'USD', balance: 600, available: 525, frozen: 75 }),
  });
  return server;
}

describe('user detail', () => {
  it('shows wallets, postings and sessions', async () => {
    setUp();
    renderAdmin('/admin/users/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'ada@example.com' })).toBeTruthy();
    const wallets = screen.getByRole('table', { name: 'Wallets' });
    expect(within(wallets).getByText('425.00 USD')).toBeTruthy();
    expect(screen.getByText('Total in USD: 1,700.50 USD')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Latest postings' })).getByText('+500.00 USD')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Active sessions' })).getByText('203.0.113.9')).toBeTruthy();
    expect(screen.getByText('No open positions.')).toBeTruthy();
  });

  it('blocks only after confirmation and then shows the user blocked', async () => {
    const server = setUp();
    renderAdmin('/admin/users/7');

    fireEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block ada@example.com?' });
    expect(server.callsTo('/admin/users/7/block')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));

    await waitFor(() => expect(server.callsTo('/admin/users/7/block')).toHaveLength(1));
    expect(server.callsTo('/admin/users/7/block')[0]?.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('checks the manual credit, confirms it, and sends it with the reason', async () => {
    const server = setUp();
    renderAdmin('/admin/users/7');

    const form = await screen.findByRole('form', { name: 'Manual credit' });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '12.345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Credit…' }));
    expect(within(form).getByText('Enter an amount above 0 with at most 2 decimals.')).toBeTruthy();
    expect(within(form).getByText('Enter a reason of 3 to 200 characters.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Wallet'), { target: { value: 'TW' } });
    expect(within(form).getByLabelText<HTMLSelectElement>('Currency').value).toBe('TWD');
    fireEvent.change(within(form).getByLabelText('Wallet'), { target: { value: 'BALANCE' } });
    fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: 'EUR' } });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '100.5' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'SEPA ref 2291' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Credit…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Credit 100.50 EUR?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(server.callsTo('/admin/users/7/credit')).toHaveLength(1));
    expect(server.callsTo('/admin/users/7/credit')[0]?.body).toEqual({ walletType: 'BALANCE', currency: 'EUR', amount: '100.5', reason: 'SEPA ref 2291' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import type { BlockOffer } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleOrder, sampleRules, sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

function offer(overrides: Partial<BlockOffer> = {}): BlockOffer {
  return {
    id: 4,
    stockCode: 'MSFT',
    name: 'Microsoft Corp',
    market: 'NASDAQ',
    price: 400,
    marketPrice: 420,
    minQuantity: 10_000,
    remainingQuantity: 25_000,
    endTimestamp: 1_767_225_600,
    status: 'open',
    ...overrides,
  };
}

function blockServer(permission: number, offers = [offer(), offer({ id: 2, stockCode: 'AAPL', name: 'Apple Inc', status: 'closed', remainingQuantity: 0 })]) {
  const user = sampleUser({ blockTradePermission: permission });
  saveSession({ token: 'tok', user });
  return installFakeFetch({
    '/api/user/info': () => envelope(user),
    '/blockTrade/list': () => envelope(offers),
    '/stocka_config/getMinCount': () => envelope(sampleRules({ feeRate: 0.0005, minFee: 1 })),
    '/wallet/getWalletBalance': () => envelope(sampleWallet({ available: 5_000_000 })),
    '/blockTrade/create': () => envelope(sampleOrder({ id: 90, source: 4, stockCode: 'MSFT', quantity: 12_000 })),
    '/position/me': () => envelope([]),
    '/position/consignList': () => envelope([]),
    '/userCenter/getFundingOverview': () => envelope({}),
  });
}

describe('block trade page', () => {
  it('shows each block with its discount to the market and the SPEC notice; without permission it leads to applying', async () => {
    blockServer(0);
    renderApp('/pages/product/blocktrade');
    const card = await screen.findByRole('article', { name: 'Microsoft Corp MSFT' });
    expect(within(card).getByText('-4.76%')).toBeTruthy();
    expect(within(card).getByText('10,000')).toBeTruthy();
    expect(screen.getAllByText(/single transaction of at least 10,000 shares/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Apply for block trading' }).getAttribute('href')).toBe('/pages/kycverify/index');
    expect(screen.queryByRole('button', { name: 'Buy block' })).toBeNull();
  });

  it('reads that the permission is under review while it is', async () => {
    blockServer(1);
    renderApp('/pages/product/blocktrade');
    expect(await screen.findByText('Transaction permissions are under review')).toBeTruthy();
  });

  it('buys a block: below the minimum and above what is left are refused, then one order with an idempotency key', async () => {
    const server = blockServer(3);
    const { router } = renderApp('/pages/product/blocktrade');
    const card = await screen.findByRole('article', { name: 'Microsoft Corp MSFT' });
    expect(within(screen.getByRole('article', { name: 'Apple Inc AAPL' })).queryByRole('button')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Buy block' }));
    const form = await screen.findByRole('form', { name: 'Buy MSFT as a block' });
    const shares = within(form).getByLabelText<HTMLInputElement>('Shares');
    expect(shares.value).toBe('10000');

    fireEvent.change(shares, { target: { value: '9999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Buy block' }));
    expect(await within(form).findByText('This block is sold in orders of at least 10,000 shares')).toBeTruthy();
    fireEvent.change(shares, { target: { value: '30000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Buy block' }));
    expect(await within(form).findByText('Only 25,000 shares of this block are left')).toBeTruthy();

    fireEvent.change(shares, { target: { value: '12000' } });
    // 12,000 × 400 = 4,800,000; fee 0.05 % = 2,400.
    await waitFor(() => expect(within(form).getByText('$4,802,400.00')).toBeTruthy());
    fireEvent.click(within(form).getByRole('button', { name: 'Buy block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm block purchase' });
    expect(within(dialog).getByText('Buy 12,000 shares of MSFT at 400.00?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy block' }));
    await waitFor(() => expect(server.callsTo('/blockTrade/create')).toHaveLength(1));
    const call = server.callsTo('/blockTrade/create')[0];
    expect(call?.body).toEqual({ offerId: 4, quantity: 12_000 });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade/index'));
  });
});

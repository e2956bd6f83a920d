import type { BuyingPower } from '@tradewind/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

const wallet = (walletType: BuyingPower['wallets'][number]['walletType'], currency: 'USD' | 'EUR' | 'TWD', balance: number, holds: BuyingPower['holds'] = [], display = balance) => {
  const frozen = holds.reduce((sum, hold) => sum + hold.amount, 0);
  return { walletType, currency, balance, available: balance - frozen, frozen, holds, balanceDisplay: display, availableDisplay: display - frozen };
};

const sample: BuyingPower = {
  currency: 'USD',
  totalEquity: 25_633.3,
  available: 24_300,
  frozen: 400,
  pendingTransfers: 100,
  positionMargin: 800,
  floatingProfit: 33.3,
  holds: [
    { reason: 'withdrawal', amount: 300, count: 1 },
    { reason: 'transfer', amount: 100, count: 1 },
    { reason: 'order', amount: 100, count: 2 },
  ],
  wallets: [
    wallet('BALANCE', 'USD', 24_000, [{ reason: 'withdrawal', amount: 300, count: 1 }, { reason: 'transfer', amount: 100, count: 1 }]),
    wallet('BALANCE', 'EUR', 0),
    wallet('STOCK', 'USD', 500, [{ reason: 'order', amount: 100, count: 2 }]),
    wallet('FOREX', 'USD', 0),
    wallet('TW', 'TWD', 9_600, [], 300),
  ],
};

describe('Account: buying power', () => {
  it('shows equity, what is available, why the rest is held, and each wallet with money', async () => {
    const server = installFakeFetch({ '/api/user/info': () => envelope(sampleUser()), '/userCenter/getBuyingPower': () => envelope(sample) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');

    const card = await screen.findByRole('region', { name: 'Buying power' });
    expect(await within(card).findByText('$25,633.30')).toBeTruthy();
    expect(within(card).getByTestId('bp-available').textContent).toBe('$24,300.00');
    expect(within(card).getByTestId('bp-frozen').textContent).toBe('$400.00');
    expect(within(card).getByTestId('bp-pending').textContent).toBe('$100.00');
    expect(within(card).getByTestId('bp-positions').textContent).toBe('$833.30');
    const holds = within(within(card).getByTestId('bp-holds')).getAllByRole('listitem').map((item) => item.textContent);
    expect(holds).toEqual(['Withdrawals under review$300.00', 'Transfers not yet settled$100.00', 'Orders waiting to fill$100.00']);

    const wallets = within(within(card).getByTestId('bp-wallets')).getAllByRole('listitem');
    // Empty wallets are left out, except Funding (USD), where deposits land.
    expect(wallets.map((item) => item.dataset.testid)).toEqual(['bp-wallet-BALANCE-USD', 'bp-wallet-STOCK-USD', 'bp-wallet-TW-TWD']);
    expect(wallets[0]?.textContent).toContain('$300.00 held · Withdrawals under review');
    expect(wallets[0]?.textContent).toContain('$23,600.00');
    expect(wallets[1]?.textContent).toContain('$100.00 held · Orders waiting to fill');
    // The Taiwan wallet in its own currency, with the display currency beside it.
    expect(wallets[2]?.textContent).toContain('NT$9,600.00');
    expect(wallets[2]?.textContent).toContain('≈ $300.00');
    expect(server.callsTo('/userCenter/getBuyingPower')[0]?.body).toEqual({});
  });

  it('says when nothing is held', async () => {
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/getBuyingPower': () => envelope({ ...sample, frozen: 0, pendingTransfers: 0, holds: [], wallets: [wallet('BALANCE', 'USD', 25_000)] }),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');
    expect(await screen.findByText('Nothing held')).toBeTruthy();
  });
});

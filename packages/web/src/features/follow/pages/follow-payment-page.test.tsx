import type { Agency, Follow } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleWallet } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

const agency: Agency = {
  id: 3,
  name: 'Tidewater Tech Growth',
  strategy: 'Large US technology leaders',
  feePercent: 1.5,
  termDays: 90,
  minAmount: 100,
  maxAmount: 1_000_000,
  holdings: [
    { stockCode: 'NVDA', name: 'NVIDIA Corp', market: 'NASDAQ', weight: 60, price: 120, change_ratio: 1.2 },
    { stockCode: 'MSFT', name: 'Microsoft Corp', market: 'NASDAQ', weight: 40, price: 410, change_ratio: -0.4 },
  ],
  trackRecord: { month1: 2.5, month3: -1.25, year1: 18.4, curve: [100, 104, 101, 118.4] },
};

function follow(overrides: Partial<Follow> = {}): Follow {
  return {
    id: 11,
    agencyId: 3,
    agencyName: agency.name,
    status: 'subscribed',
    amount: 500,
    feePercent: 1.5,
    fee: 7.5,
    termDays: 90,
    invested: 492.4,
    value: 501.2,
    profit: 1.3,
    profitRatio: 0.26,
    currency: 'USD',
    holdings: [{ positionId: 5, stockCode: 'NVDA', name: 'NVIDIA Corp', shares: 2.4615, openPrice: 120.02, nowPrice: 121, cost: 295.44, value: 297.84, profit: 2.4, status: 'open' }],
    reason: null,
    createTimeTimestamp: 1_767_225_600,
    subscribeTimeTimestamp: 1_767_225_603,
    endTimeTimestamp: 1_775_001_603,
    settleTimeTimestamp: null,
    ...overrides,
  };
}

function followServer(available = 2_000) {
  const user = sampleUser();
  saveSession({ token: 'tok', user });
  const follows: Follow[] = [];
  return installFakeFetch({
    '/api/user/info': () => envelope(user),
    '/userFollowInvest/getInvestAgencyList': () => envelope([agency]),
    '/wallet/getWalletBalance': () => envelope(sampleWallet({ walletType: 'FOLLOW', balance: available, available })),
    '/userFollowInvest/myList': () => envelope({ list: follows, total: follows.length, pageNum: 1, pageSize: 50 }),
    '/userFollowInvest/add': () => {
      follows.push(follow());
      return envelope(follow({ status: 'waiting_confirmation', value: 500, profit: 0, fee: 0, invested: 0, holdings: [] }));
    },
    '/userCenter/getFundingOverview': () => envelope({}),
  });
}

describe('follow pages', () => {
  it('the product page lists agencies with their track record, fee and term, and leads to the payment page', async () => {
    followServer();
    const { router } = renderApp('/pages/product/follow');
    const card = await screen.findByRole('article', { name: agency.name });
    expect(within(card).getByText('+2.50%')).toBeTruthy();
    expect(within(card).getByText('-1.25%')).toBeTruthy();
    expect(within(card).getByText('+18.40%')).toBeTruthy();
    expect(within(card).getByText('1.50%')).toBeTruthy();
    expect(within(card).getByText('90 days')).toBeTruthy();
    expect(within(card).getByText('NVIDIA Corp')).toBeTruthy();
    expect(await screen.findByText('You do not follow any agency yet')).toBeTruthy();
    fireEvent.click(within(card).getByRole('link', { name: `Follow ${agency.name}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/payment/follow'));
    expect(router.state.location.search).toBe('?agencyId=3');
  });

  it('validates the amount (format, 100 to 1,000,000, the FOLLOW wallet), shows the notice, then places one follow with an idempotency key', async () => {
    const server = followServer(2_000);
    const { router } = renderApp('/pages/payment/follow?agencyId=3');
    const form = await screen.findByRole('form', { name: `Follow ${agency.name}` });
    expect(within(form).getByRole('note').textContent).toContain('cannot be sold after placing');
    expect(within(form).getByRole('note').textContent).toContain('100 to 1,000,000 USD');
    expect(await within(form).findByText('$2,000.00')).toBeTruthy();
    const amount = within(form).getByLabelText<HTMLInputElement>('Amount (USD)');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Follow' }));

    submit();
    expect(await within(form).findByText('Please enter a correct amount')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.345' } });
    submit();
    expect(await within(form).findByText('Please enter a correct amount')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '99' } });
    submit();
    expect(await within(form).findByText('The amount must be between 100 and 1,000,000')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1000001' } });
    submit();
    expect(await within(form).findByText('The amount must be between 100 and 1,000,000')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '2500' } });
    submit();
    expect(await within(form).findByText('Only $2,000.00 is available in the FOLLOW wallet')).toBeTruthy();
    expect(server.callsTo('/userFollowInvest/add')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '500' } });
    // Fee 1.5 % of 500.
    expect(within(form).getByText('$7.50')).toBeTruthy();
    expect(within(form).getByText('$492.50')).toBeTruthy();
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm follow order' });
    expect(within(dialog).getByText(`Follow ${agency.name} with $500.00? It cannot be sold before the term ends.`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(server.callsTo('/userFollowInvest/add')).toHaveLength(1));
    const call = server.callsTo('/userFollowInvest/add')[0];
    expect(call?.body).toEqual({ agencyId: 3, amount: '500' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/product/follow'));
    const mine = await screen.findByRole('article', { name: `Follow of ${agency.name}` });
    expect(within(mine).getByText('Subscribed')).toBeTruthy();
    expect(within(mine).getByText('$501.20')).toBeTruthy();
  });
});

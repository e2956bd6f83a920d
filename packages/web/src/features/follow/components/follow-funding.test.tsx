import type { Agency } from '@tradewind/contract';
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
  holdings: [{ stockCode: 'NVDA', name: 'NVIDIA Corp', market: 'NASDAQ', weight: 100, price: 120, change_ratio: 1.2 }],
  trackRecord: { month1: 2.5, month3: -1.25, year1: 18.4, curve: [100, 104, 101, 118.4] },
};

describe('follow page: transfer and follow in one step', () => {
  it('when the FOLLOW wallet is short, offers exactly the missing amount from Funding; a refusal says nothing moved', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userFollowInvest/getInvestAgencyList': () => envelope([agency]),
      '/wallet/getWalletBalance': () => envelope(sampleWallet({ walletType: 'FOLLOW', balance: 40, available: 40 })),
      '/wallet/fundingPlan': (call) => {
        const amount = Number((call.body as { amount: string }).amount);
        return envelope({ toWallet: 'FOLLOW', toCurrency: 'USD', amount, sources: [{ fromWallet: 'BALANCE', currency: 'USD', available: 25_000, amount, rate: 1, enough: true }] });
      },
      '/wallet/fundAndPlace': () => envelope(null, 400, 'Insufficient funds'),
    });
    renderApp('/pages/payment/follow?agencyId=3');
    const form = await screen.findByRole('form', { name: `Follow ${agency.name}` });
    fireEvent.change(within(form).getByLabelText('Amount (USD)'), { target: { value: '500' } });

    // No allowance for a moving price: a follow's amount is what it costs.
    const offer = await screen.findByRole('button', { name: 'Transfer $460.00 from the Funding wallet and follow' });
    expect(screen.getByText('The Follow wallet is $460.00 short for this.')).toBeTruthy();
    fireEvent.click(offer);
    const dialog = await screen.findByRole('dialog', { name: 'Transfer and place in one step' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer and place' }));
    expect((await screen.findByTestId('fund-refusal')).textContent).toBe(
      'Not placed: Insufficient funds. Nothing was moved; the money is still in the Funding wallet.',
    );
    const body = server.callsTo('/wallet/fundAndPlace')[0]?.body as { transfer: Record<string, unknown>; action: Record<string, unknown> };
    expect(body.transfer).toMatchObject({ fromWallet: 'BALANCE', currency: 'USD', amount: '460.00' });
    expect(body.action).toMatchObject({ kind: 'follow', body: { agencyId: 3, amount: '500' } });
    await waitFor(() => expect(server.callsTo('/userFollowInvest/add')).toHaveLength(0));
  });
});

import type { IpoOffering } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

const offering: IpoOffering = {
  id: 7,
  stockCode: 'RDDT',
  name: 'Reddit Inc',
  market: 'NYSE',
  source: 5,
  currency: 'USD',
  price: 34.5,
  lotSize: 10,
  lotAmount: 345,
  sharesOffered: 100_000,
  lotsOffered: 10_000,
  prospectusDate: 1_767_000_000,
  purchaseStartDate: 1_767_100_000,
  purchaseEndDate: 1_767_600_000,
  listDate: 1_767_900_000,
  status: 'open',
  seedHash: 'ab'.repeat(32),
};

describe('IPO page: transfer and subscribe in one step', () => {
  it('with an empty IPO wallet, offers the lots’ price from Funding and subscribes in one call', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    const server = installFakeFetch({
      '/m_ft/webull/new/stock': () => envelope([offering]),
      '/position/getIpoFullNum': () => envelope({ full: 0, lotSize: 10, lotAmount: 345, available: 0, currency: 'USD' }),
      '/wallet/fundingPlan': (call) => {
        const amount = Number((call.body as { amount: string }).amount);
        return envelope({ toWallet: 'SUBSCRIPTION', toCurrency: 'USD', amount, sources: [{ fromWallet: 'BALANCE', currency: 'USD', available: 25_000, amount, rate: 1, enough: true }] });
      },
      '/wallet/fundAndPlace': () =>
        envelope({
          transfer: { id: 1, status: 'settled', fromWallet: 'BALANCE', toWallet: 'SUBSCRIPTION', currency: 'USD', amount: 690, toCurrency: 'USD', toAmount: 690, rate: 1, createTimeTimestamp: 1, settleTimeTimestamp: 1 },
        }),
    });
    const { router } = renderApp('/pages/payment/newstock?code=RDDT&source=5&id=7');
    const input = await screen.findByLabelText<HTMLInputElement>(/Quantity/);
    fireEvent.change(input, { target: { value: '2' } });

    const offer = await screen.findByRole('button', { name: 'Transfer $690.00 from the Funding wallet and subscribe' });
    fireEvent.click(offer);
    const dialog = await screen.findByRole('dialog', { name: 'Transfer and place in one step' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer and place' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mine'));
    const body = server.callsTo('/wallet/fundAndPlace')[0]?.body as { transfer: Record<string, unknown>; action: Record<string, unknown> };
    expect(body.transfer).toMatchObject({ fromWallet: 'BALANCE', amount: '690.00' });
    expect(body.action).toMatchObject({ kind: 'ipo', body: { id: 7, quantity: 2 } });
    expect(server.callsTo('/NewShares/create')).toHaveLength(0);
  });
});

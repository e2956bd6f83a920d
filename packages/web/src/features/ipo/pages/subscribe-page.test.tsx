import type { IpoOffering, IpoSubscription } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function offering(overrides: Partial<IpoOffering> = {}): IpoOffering {
  return {
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
    ...overrides,
  };
}

function subscription(overrides: Partial<IpoSubscription> = {}): IpoSubscription {
  return {
    id: 3,
    offeringId: 7,
    stockCode: 'RDDT',
    name: 'Reddit Inc',
    market: 'NYSE',
    currency: 'USD',
    price: 34.5,
    lotSize: 10,
    quantity: 4,
    shares: 40,
    total: 1380,
    allotmentQuantity: 0,
    allotmentShares: 0,
    amountPaid: 0,
    amountPending: 1380,
    amountRefunded: 0,
    status: 0,
    prospectusDate: 1_767_000_000,
    purchaseEndDate: 1_767_600_000,
    listDate: 1_767_900_000,
    listed: false,
    positionId: null,
    createTimeTimestamp: 1_767_200_000,
    ...overrides,
  };
}

function ipoServer(options: { full?: number; available?: number; offerings?: IpoOffering[]; subscriptions?: IpoSubscription[] } = {}) {
  const user = sampleUser();
  saveSession({ token: 'tok', user });
  return installFakeFetch({
    '/api/user/info': () => envelope(user),
    '/m_ft/webull/new/stock': () => envelope(options.offerings ?? [offering(), offering({ id: 2, stockCode: 'ARM', name: 'Arm Holdings plc', status: 'allotted' })]),
    '/position/getIpoFullNum': () => envelope({ full: options.full ?? 5, lotSize: 10, lotAmount: 345, available: options.available ?? 1800, currency: 'USD' }),
    '/NewShares/create': () => envelope(subscription()),
    '/position/subscriptionOrder/pageList': () => envelope({ list: options.subscriptions ?? [subscription()], total: 1, pageNum: 1, pageSize: 50 }),
  });
}

describe('IPO pages', () => {
  it('lists IPOs with price, lot, purchase end and listing date; only open ones can be subscribed', async () => {
    ipoServer();
    renderApp('/pages/product/newstock');
    const open = await screen.findByRole('article', { name: 'Reddit Inc RDDT' });
    expect(within(open).getByText('$34.50')).toBeTruthy();
    expect(within(open).getByText('10 shares')).toBeTruthy();
    expect(within(open).getByText('Purchase ends')).toBeTruthy();
    expect(within(open).getByText('Listing date')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/pages/payment/newstock?name=Reddit+Inc&code=RDDT&source=5&id=7');
    const allotted = screen.getByRole('article', { name: 'Arm Holdings plc ARM' });
    expect(within(allotted).getByText('Allotted')).toBeTruthy();
    expect(within(allotted).queryByRole('link')).toBeNull();
  });

  it('subscribes: the maximum comes from getIpoFullNum, more is refused, then one call with an idempotency key', async () => {
    const server = ipoServer({ full: 5 });
    const { router } = renderApp('/pages/payment/newstock?name=Reddit+Inc&code=RDDT&source=5');
    const form = await screen.findByRole('form', { name: 'Subscribe to RDDT' });
    const lots = within(form).getByLabelText<HTMLInputElement>('Quantity (lots of 10 shares)');
    await waitFor(() => expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Max' }).disabled).toBe(false));
    fireEvent.click(within(form).getByRole('button', { name: 'Max' }));
    expect(lots.value).toBe('5');
    // 5 lots × $345 = $1,725.
    expect(within(form).getByText('$1,725.00')).toBeTruthy();

    fireEvent.change(lots, { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await within(form).findByText('Your IPO wallet pays for at most 5 lot(s)')).toBeTruthy();
    fireEvent.change(lots, { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await within(form).findByText(/whole number/i)).toBeTruthy();

    fireEvent.change(lots, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    expect(within(dialog).getByText('Subscribe to 40 shares of RDDT (4 lot(s)) for $1,380.00?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(server.callsTo('/NewShares/create')).toHaveLength(1));
    const call = server.callsTo('/NewShares/create')[0];
    expect(call?.body).toEqual({ id: 7, quantity: 4 });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mine'));
    const mine = await screen.findByRole('article', { name: 'Subscription to Reddit Inc RDDT' });
    expect(within(mine).getByTestId('ipo-subscription-status').textContent).toBe('Waiting for allotment');
    expect(within(mine).getByText('4 lot(s), 40 shares')).toBeTruthy();
  });

  it('shows the server’s refusal on the form', async () => {
    const server = ipoServer({ full: 5 });
    server.on('/NewShares/create', () => envelope(null, 409, 'Subscriptions to this IPO have closed'));
    renderApp('/pages/payment/newstock?code=RDDT&source=5&id=7');
    const form = await screen.findByRole('form', { name: 'Subscribe to RDDT' });
    await within(form).findByText('$1,800.00');
    fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    expect(await within(form).findByText('Subscriptions to this IPO have closed')).toBeTruthy();
  });

  it('leads to a transfer when the IPO wallet is empty', async () => {
    ipoServer({ full: 0, available: 0 });
    renderApp('/pages/payment/newstock?code=RDDT&source=5&id=7');
    const form = await screen.findByRole('form', { name: 'Subscribe to RDDT' });
    expect((await within(form).findByRole('link', { name: 'Transfer' })).getAttribute('href')).toBe('/pages/profile/transfer');
    fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect(await within(form).findByText('Your IPO wallet has no available funds')).toBeTruthy();
  });

  it('lists the user’s subscriptions with allotment figures and status', async () => {
    ipoServer({
      subscriptions: [subscription({ status: 1, allotmentQuantity: 2, allotmentShares: 20, amountPaid: 690, amountPending: 0, amountRefunded: 690 })],
    });
    renderApp('/pages/product/newstock?tab=mine');
    const card = await screen.findByRole('article', { name: 'Subscription to Reddit Inc RDDT' });
    expect(within(card).getByTestId('ipo-subscription-status').textContent).toBe('Allotted');
    expect(within(card).getByText('2 lot(s), 20 shares')).toBeTruthy();
    expect(within(card).getAllByText('$690.00')).toHaveLength(2);
    expect(within(card).getByText('Amount pending')).toBeTruthy();
  });
});

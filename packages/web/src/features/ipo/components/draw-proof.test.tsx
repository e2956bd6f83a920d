import type { IpoDraw, IpoSubscription } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

/*
 * Issue 20: a subscriber checks the draw in the browser. The published inputs are those of the
 * server's lottery vector (replay-draw.test.ts): seed, 9 lots offered, six subscriptions.
 */
const seed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const requested = [3, 4, 2, 7, 1, 5];
const allotted = [2, 1, 0, 5, 0, 1];
let from = 0;
const ranges = requested.map((lots, index) => {
  const range = { ticketFrom: from, ticketTo: from + lots - 1, requestedLots: lots, allottedLots: allotted[index]!, mine: index === 3 };
  from += lots;
  return range;
});

const draw = (overrides: Partial<IpoDraw> = {}): IpoDraw => ({
  offeringId: 7,
  stockCode: 'RDDT',
  seedHash: '1309f953015195d9eadc0455c1e42a5cfc463d4cad90c0cc940ff77b5f1633bd',
  seed,
  supplyLots: 9,
  demandLots: 22,
  allottedLots: 9,
  drawDigest: '96a99bea1b733450122d1e00810fdc25318968e0c5b446521b1aa72e7b8d57b5',
  allotted: true,
  ranges,
  ...overrides,
});

const subscription: IpoSubscription = {
  id: 3, offeringId: 7, stockCode: 'RDDT', name: 'Reddit Inc', market: 'NYSE', currency: 'USD', price: 34.5, lotSize: 10, quantity: 7, shares: 70, total: 2415,
  allotmentQuantity: 5, allotmentShares: 50, amountPaid: 1725, amountPending: 0, amountRefunded: 690, status: 1, prospectusDate: 1_767_000_000,
  purchaseEndDate: 1_767_600_000, listDate: 1_767_900_000, listed: false, positionId: null, createTimeTimestamp: 1_767_200_000,
};

function setUp(answer: IpoDraw) {
  const user = sampleUser();
  saveSession({ token: 'tok', user });
  return installFakeFetch({
    '/api/user/info': () => envelope(user),
    '/m_ft/webull/new/stock': () => envelope([]),
    '/position/subscriptionOrder/pageList': () => envelope({ list: [subscription], total: 1, pageNum: 1, pageSize: 50 }),
    '/NewShares/draw': () => envelope(answer),
  });
}

async function openDraw() {
  renderApp('/pages/product/newstock?tab=mine');
  const card = await screen.findByRole('article', { name: 'Subscription to Reddit Inc RDDT' });
  fireEvent.click(within(card).getByRole('button', { name: 'Check the draw' }));
  return within(card).findByTestId('ipo-draw');
}

describe('the draw for a subscriber', () => {
  it('shows the published inputs and the user’s tickets, and verifies them in the browser', async () => {
    const server = setUp(draw());
    const panel = await openDraw();
    expect(server.callsTo('/NewShares/draw')[0]?.body).toEqual({ id: 7 });
    expect(within(panel).getAllByText('No. 9–15 (7 lots)').length).toBeGreaterThan(0);
    expect(within(panel).getByText(seed)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Verify in this browser' }));
    const verdict = await within(panel).findByTestId('ipo-draw-verdict');
    expect(within(verdict).getByText(/The seed matches the fingerprint published before/)).toBeTruthy();
    expect(within(verdict).getByText(/Recomputing the draw gives the published digest/)).toBeTruthy();
    expect(within(verdict).getByText(/Every subscriber got the lots the draw gives/)).toBeTruthy();
    // Five of the user's seven tickets (9–15) were drawn.
    const drawn = within(verdict).getByText(/^Your tickets drawn:/).textContent ?? '';
    expect(drawn.replace('Your tickets drawn: ', '').split(', ')).toHaveLength(5);
  });

  it('says so when the published digest or lots do not match the replay', async () => {
    setUp(draw({ drawDigest: 'ff'.repeat(32), ranges: ranges.map((range, i) => (i === 0 ? { ...range, allottedLots: 3 } : range)) }));
    const panel = await openDraw();
    fireEvent.click(within(panel).getByRole('button', { name: 'Verify in this browser' }));
    const verdict = await within(panel).findByTestId('ipo-draw-verdict');
    expect(within(verdict).getByText(/does not give the published digest/)).toBeTruthy();
    expect(within(verdict).getByText(/Some lots differ/)).toBeTruthy();
  });

  it('before the allotment shows the fingerprint and the user’s tickets, no seed and nothing to verify', async () => {
    setUp(draw({ seed: null, drawDigest: null, allotted: false, allottedLots: null }));
    const panel = await openDraw();
    expect(within(panel).getByText('Published when the purchase has ended')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Verify in this browser' })).toBeNull();
    await waitFor(() => expect(within(panel).getAllByText('No. 9–15 (7 lots)').length).toBeGreaterThan(0));
  });
});

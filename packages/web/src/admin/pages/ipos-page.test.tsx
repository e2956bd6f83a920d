import type { AdminIpo } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

function ipo(overrides: Partial<AdminIpo> = {}): AdminIpo {
  return {
    id: 5,
    stockCode: 'RDDT',
    name: 'Reddit Inc',
    market: 'NYSE',
    source: 5,
    currency: 'USD',
    price: 34.5,
    lotSize: 10,
    lotAmount: 345,
    sharesOffered: 1000,
    lotsOffered: 100,
    prospectusDate: 1_767_000_000,
    purchaseStartDate: 1_767_100_000,
    purchaseEndDate: 1_767_600_000,
    listDate: 1_767_900_000,
    status: 'closed',
    seedHash: 'ab'.repeat(32),
    marketPrice: 40,
    subscriptions: 3,
    demandLots: 180,
    allottedLots: null,
    seed: null,
    drawDigest: null,
    allotTimeTimestamp: null,
    listTimeTimestamp: null,
    editable: false,
    termsLocked: true,
    createTimeTimestamp: 1_767_000_000,
    ...overrides,
  };
}

describe('back office IPOs', () => {
  it('creates an IPO (price as typed, dates in seconds), runs a due allotment and shows the recorded draw', async () => {
    const allotted = ipo({ status: 'allotted', allottedLots: 100, seed: 'cd'.repeat(32), drawDigest: 'ef'.repeat(32) });
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/ipos': (call) => envelope(call.method === 'POST' ? ipo({ id: 9, stockCode: 'ARM', status: 'open' }) : [ipo()]),
      '/admin/ipos/5/allot': () => envelope(allotted),
      '/admin/ipos/5/allotment': () =>
        envelope({ offering: allotted, lines: [{ subscriptionId: 1, userId: 7, email: 'a@example.com', requestedLots: 120, allottedLots: 70, ticketFrom: 0, ticketTo: 119, firstDraw: 1 }] }),
    });
    renderAdmin('/admin/ipos');
    const row = await screen.findByRole('row', { name: /RDDT/ });
    expect(within(row).getByText('180 / 100 lots (3 subscribed)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New IPO' }));
    const form = await screen.findByRole('form', { name: 'New IPO' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter a ticker such as RDDT')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Stock code'), { target: { value: 'arm' } });
    fireEvent.change(within(form).getByLabelText('Offer price'), { target: { value: '51.25' } });
    fireEvent.change(within(form).getByLabelText('Shares offered'), { target: { value: '150' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('A whole number of lots of 100 shares')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Shares offered'), { target: { value: '10000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/admin/ipos' && c.method === 'POST')).toHaveLength(1));
    const body = server.calls.find((c) => c.path === '/admin/ipos' && c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ stockCode: 'ARM', price: '51.25', lotSize: 100, sharesOffered: 10_000 });
    expect(Number(body.listDate)).toBeGreaterThan(Number(body.purchaseEndDate));

    fireEvent.click(within(row).getByRole('button', { name: 'Run allotment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the allotment of RDDT now?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Run allotment' }));
    const draw = await screen.findByRole('region', { name: 'Allotment draw' });
    expect(await within(draw).findByText('cd'.repeat(32))).toBeTruthy();
    expect(within(draw).getByText('a@example.com')).toBeTruthy();
    expect(within(draw).getByText('0–119')).toBeTruthy();
  });
});

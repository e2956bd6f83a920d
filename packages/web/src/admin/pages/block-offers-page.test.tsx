import type { AdminBlockOffer } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

function offer(overrides: Partial<AdminBlockOffer> = {}): AdminBlockOffer {
  return {
    id: 4,
    stockCode: 'AAPL',
    name: 'Apple Inc',
    market: 'NASDAQ',
    price: 180.5,
    marketPrice: 186,
    minQuantity: 10_000,
    remainingQuantity: 40_000,
    endTimestamp: 1_767_600_000,
    status: 'open',
    takenQuantity: 20_000,
    takers: [{ orderId: 77, userId: 9, email: 'buyer@example.com', name: 'Ada Lovelace', quantity: 20_000, createTimeTimestamp: 1_767_100_000 }],
    createTimeTimestamp: 1_767_000_000,
    ...overrides,
  };
}

describe('back office block offers', () => {
  it('publishes a block after checking the form, and lists who took an offer', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/block-offers': (call) => envelope(call.method === 'POST' ? { ...offer({ id: 5, stockCode: 'NVDA' }), status: 'open' } : [offer()]),
    });
    renderAdmin('/admin/block-offers');
    const row = await screen.findByRole('row', { name: /AAPL/ });
    expect(within(row).getByText('Open')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Takers (1)' }));
    const takers = await screen.findByRole('region', { name: 'Who bought the AAPL block' });
    expect(within(takers).getByText(/buyer@example\.com/)).toBeTruthy();
    expect(within(takers).getByText('#77')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish a block' }));
    const form = await screen.findByRole('form', { name: 'Publish a block offer' });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Enter a stock code such as AAPL')).toBeTruthy();
    expect(server.callsTo('/admin/block-offers').filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Stock code'), { target: { value: 'nvda' } });
    fireEvent.change(within(form).getByLabelText('Block price (USD)'), { target: { value: '120.25' } });
    fireEvent.change(within(form).getByLabelText('Shares on offer'), { target: { value: '9999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Enter a whole number of at least 10,000')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Shares on offer'), { target: { value: '50000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(server.callsTo('/admin/block-offers').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(server.callsTo('/admin/block-offers').find((c) => c.method === 'POST')?.body).toEqual({ stockCode: 'NVDA', price: 120.25, minQuantity: 10_000, totalQuantity: 50_000, hours: 24 });
  });

  it('edits an open offer, shows the server refusal in the form, and withdraws after confirming', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/block-offers': () => envelope([offer()]),
      '/admin/block-offers/4': () => envelope(null, 400, 'minQuantity cannot be more than the shares left on offer (40000)'),
      '/admin/block-offers/4/withdraw': () => envelope(offer({ status: 'withdrawn' })),
    });
    renderAdmin('/admin/block-offers');
    const row = await screen.findByRole('row', { name: /AAPL/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit the AAPL block' });
    expect(within(form).getByLabelText<HTMLInputElement>('Stock code').disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Minimum per purchase (shares)'), { target: { value: '50000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('minQuantity cannot be more than the shares left on offer (40000)')).toBeTruthy();
    expect(server.callsTo('/admin/block-offers/4')[0]?.body).toEqual({ price: 180.5, minQuantity: 50_000, remainingQuantity: 40_000 });

    fireEvent.click(within(row).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the AAPL block?' });
    expect(server.callsTo('/admin/block-offers/4/withdraw')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(server.callsTo('/admin/block-offers/4/withdraw')).toHaveLength(1));
  });
});

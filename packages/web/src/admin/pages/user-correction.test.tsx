import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';
import { page } from '../test/samples';

const ada = { id: 7, email: 'ada@example.com', name: 'Ada', role: 'user', kycStatus: 3, tradePermission: 3, blockTradePermission: 1, blocked: false, createTimeTimestamp: 1_767_225_600 };
const detail = {
  user: ada,
  wallets: { wallets: [{ walletType: 'BALANCE', currency: 'USD', balance: 500, available: 500, frozen: 0 }], totalUsd: 500 },
  postings: page([]),
  positions: [],
  sessions: [],
};

describe('user detail: correction', () => {
  it('posts a debit with its reason as a new entry after confirmation', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/users/7': () => envelope(detail),
      '/admin/users/7/correction': () => envelope({ entryId: 4411 }),
    });
    renderAdmin('/admin/users/7');
    const form = await screen.findByRole('form', { name: 'Correction' });
    fireEvent.click(within(form).getByRole('button', { name: 'Post correction…' }));
    expect(within(form).getByText('Enter a reason of 3 to 200 characters.')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLSelectElement>('Direction').value).toBe('debit');
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '12.34' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Fee charged twice on order 4411' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post correction…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take 12.34 USD?' });
    expect(server.callsTo('/admin/users/7/correction')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post correction' }));
    await waitFor(() => expect(server.callsTo('/admin/users/7/correction')).toHaveLength(1));
    expect(server.callsTo('/admin/users/7/correction')[0]?.body).toEqual({
      walletType: 'BALANCE',
      currency: 'USD',
      direction: 'debit',
      amount: '12.34',
      reason: 'Fee charged twice on order 4411',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

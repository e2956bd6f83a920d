import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

describe('permission requests', () => {
  it('refuses a request with a reason and refreshes the list', async () => {
    const admin = signIn();
    let pending = [{ userId: 7, email: 'ada@example.com', kind: 'blockTrade', status: 1 }];
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/permissions': () => envelope(pending),
      '/admin/permissions/7/blockTrade/reject': () => {
        pending = [];
        return envelope({ userId: 7, email: 'ada@example.com', kind: 'blockTrade', status: 2 });
      },
    });
    renderAdmin('/admin/permissions');

    const table = await screen.findByRole('table', { name: 'Permission requests' });
    fireEvent.click(within(table).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse Block trading for ada@example.com?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (the user will see it)'), { target: { value: 'Not enough trading history' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));

    await waitFor(() => expect(server.callsTo('/admin/permissions/7/blockTrade/reject')).toHaveLength(1));
    expect(server.callsTo('/admin/permissions/7/blockTrade/reject')[0]?.body).toEqual({ reason: 'Not enough trading history' });
    expect(await screen.findByText('No requests are waiting.')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

function fill(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });
}

describe('back-office messages', () => {
  it('sends a message to one user by UID', async () => {
    const admin = signIn();
    const server = installFakeFetch({ '/api/user/info': () => envelope(admin), '/admin/messages': () => envelope({ delivered: 1 }) });
    renderAdmin('/admin/messages');
    const form = await screen.findByRole('form', { name: 'Send a message' });
    fill(form, 'User ID (UID)', 'abc');
    fill(form, 'Title', 'Welcome');
    fill(form, 'Message', 'Your account is ready.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Enter the user’s numeric ID.');
    fill(form, 'User ID (UID)', '42');
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(server.callsTo('/admin/messages')[0]?.body).toEqual({ audience: 'user', userId: 42, title: 'Welcome', content: 'Your account is ready.' }));
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe(''));
  });

  it('asks before a broadcast and sends no user id', async () => {
    const admin = signIn();
    const server = installFakeFetch({ '/api/user/info': () => envelope(admin), '/admin/messages': () => envelope({ delivered: 120 }) });
    renderAdmin('/admin/messages');
    const form = await screen.findByRole('form', { name: 'Send a message' });
    fireEvent.click(within(form).getByLabelText('All users'));
    expect(within(form).queryByLabelText('User ID (UID)')).toBeNull();
    fill(form, 'Title', 'Maintenance tonight');
    fill(form, 'Message', 'Trading pauses at 02:00 UTC.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to every user?' });
    expect(server.callsTo('/admin/messages')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(server.callsTo('/admin/messages')[0]?.body).toEqual({ audience: 'all', title: 'Maintenance tonight', content: 'Trading pauses at 02:00 UTC.' }));
  });
});

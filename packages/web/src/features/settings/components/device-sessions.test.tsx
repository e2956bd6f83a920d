import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

const phone = { id: 11, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile/15E148 Safari/604.1', ip: '198.51.100.7', createTimeTimestamp: 1767600000, lastSeenTimestamp: 1767620000, current: true };
const laptop = { id: 12, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', ip: '203.0.113.9', createTimeTimestamp: 1767500000, lastSeenTimestamp: 1767510000, current: false };
const tablet = { id: 13, userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', ip: '192.0.2.44', createTimeTimestamp: 1767400000, lastSeenTimestamp: 1767400000, current: false };

function sessionsServer(initial = [phone, laptop, tablet]) {
  let sessions = initial;
  const server = installFakeFetch({
    '/api/user/info': () => envelope(sampleUser({ payPasswordSet: true })),
    '/userCenter/sessions': () => envelope(sessions),
    '/userCenter/sessions/revoke': (call) => {
      const id = (call.body as { id: number }).id;
      sessions = sessions.filter((s) => s.id !== id);
      return envelope(null);
    },
    '/userCenter/sessions/revokeOthers': () => {
      const revoked = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return envelope({ revoked });
    },
  });
  saveSession({ token: 'tok', user: sampleUser() });
  return server;
}

const rows = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-session-id'));

describe('signed-in devices on the security page', () => {
  it('lists each device with its address and times, marks this one, and offers no sign-out for it', async () => {
    sessionsServer();
    renderApp('/pages/setting/security');
    expect(await screen.findByRole('heading', { name: 'Signed-in devices' })).toBeTruthy();
    await screen.findByText('Firefox · Linux');
    const [current, other] = rows();
    expect(within(current!).getByText('Safari · iPhone')).toBeTruthy();
    expect(within(current!).getByText('This device')).toBeTruthy();
    expect(within(current!).getByText('198.51.100.7')).toBeTruthy();
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(within(other!).getByText(/^Signed in \d\d-\d\d-2026/)).toBeTruthy();
    expect(within(other!).getByText(/^Last active \d\d-\d\d-2026/)).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'Sign out Firefox · Linux' })).toBeTruthy();
    expect(screen.getByText('Chrome · Android')).toBeTruthy();
    // The password pages are still reached from here.
    expect(screen.getByRole('link', { name: 'Login password' })).toBeTruthy();
  });

  it('signs one device out after confirmation and refreshes the list', async () => {
    const server = sessionsServer();
    renderApp('/pages/setting/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox · Linux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(within(dialog).getByText('Firefox · Linux (203.0.113.9) will have to log in again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(server.callsTo('/userCenter/sessions/revoke')).toHaveLength(1));
    expect(server.callsTo('/userCenter/sessions/revoke')[0]?.body).toEqual({ id: 12 });
    await waitFor(() => expect(screen.queryByText('Firefox · Linux')).toBeNull());
    expect(rows()).toHaveLength(2);
    expect(window.localStorage.getItem('token')).toBe('tok');
  });

  it('signs out every other device at once, then says none is left', async () => {
    const server = sessionsServer();
    renderApp('/pages/setting/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out all other devices' }));

    await waitFor(() => expect(server.callsTo('/userCenter/sessions/revokeOthers')).toHaveLength(1));
    expect(await screen.findByText('No other device is signed in.')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('asks nothing of the server when the confirmation is cancelled', async () => {
    const server = sessionsServer();
    renderApp('/pages/setting/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Chrome · Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('/userCenter/sessions/revoke')).toHaveLength(0);
  });
});

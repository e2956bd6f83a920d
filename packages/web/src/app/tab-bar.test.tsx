import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session/session-store';
import { envelope, installFakeFetch } from '../test/fake-fetch';
import { installFakeWebSocket } from '../test/fake-websocket';
import { renderApp } from '../test/render-app';
import { sampleUser } from '../test/sample-user';

const message = { id: 9, title: 'Welcome', content: 'Your account is ready.', isRead: false, createTimestamp: 1_735_689_600 };

describe('unread badge on the Account tab', () => {
  it('shows the unread count and raises it live when a message arrives on the private channel', async () => {
    const ws = installFakeWebSocket();
    let unread = 2;
    saveSession({ token: 'tok', user: sampleUser() });
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userMessage/getMessage': () => envelope({ list: [], total: unread, unread, pageNum: 1, pageSize: 1 }),
    });
    renderApp('/pages/market/index');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const account = within(nav).getByRole('link', { name: /Account/ });
    expect((await within(account).findByTestId('unread-badge')).textContent).toBe('2');
    expect(within(account).getByLabelText('2 unread')).toBeTruthy();

    await waitFor(() => expect(ws.sent()).toContainEqual({ type: 'auth', token: 'tok' }));
    ws.latest()?.receive({ type: 'authenticated', userId: 42 });
    unread = 3;
    ws.latest()?.receive({ type: 'message', message });
    await waitFor(() => expect(within(account).getByTestId('unread-badge').textContent).toBe('3'));
  });

  it('shows no badge for a visitor or when everything is read', async () => {
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userMessage/getMessage': () => envelope({ list: [], total: 0, unread: 0, pageNum: 1, pageSize: 1 }),
    });
    renderApp('/pages/market/index');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    saveSession({ token: 'tok', user: sampleUser() });
  });
});

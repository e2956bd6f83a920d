import { KycStatus } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleOverview } from '../../../test/sample-trading';
import { sampleUser } from '../../../test/sample-user';

describe('account tab', () => {
  it('offers log in and register to a visitor', async () => {
    renderApp('/pages/profile/index');
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/pages/auth/login');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/pages/auth/register');
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('shows the user from /api/user/info, posted with an empty body', async () => {
    const fresh = sampleUser({ email: 'fresh@example.com', inviteCode: 'ZZ9ZZ9', kycStatus: KycStatus.Verified });
    const server = installFakeFetch({ '/api/user/info': () => envelope(fresh) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');

    expect(await screen.findByText('fresh@example.com')).toBeTruthy();
    expect(screen.getByText('ZZ9ZZ9')).toBeTruthy();
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
    expect(server.callsTo('/api/user/info')[0]?.body).toEqual({});
    // The stored copy follows the server.
    expect(JSON.parse(window.localStorage.getItem(StorageKey.user) ?? '{}')).toMatchObject({ email: 'fresh@example.com' });
  });

  it('shows the totals in USD from the funding overview', async () => {
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/getFundingOverview': () => envelope(sampleOverview({ totalAssets: 15_012.3, available: 14_600, todayProfit: -3.5 })),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');

    const totals = await screen.findByRole('region', { name: 'Assets' });
    await waitFor(() => expect(within(totals).getByTestId('account-total-assets').textContent).toBe('$15,012.30'));
    expect(within(totals).getByTestId('account-available').textContent).toBe('$14,600.00');
    expect(within(totals).getByTestId('account-today-profit').textContent).toBe('-$3.50');
    expect(within(totals).getByTestId('account-today-profit').className).toContain('trend-fall');
    expect(server.callsTo('/userCenter/getFundingOverview')[0]?.body).toEqual({});
  });

  it('links to settings and the money pages', async () => {
    installFakeFetch({ '/api/user/info': () => envelope(sampleUser()) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');

    const money = await screen.findByRole('navigation', { name: 'Funds' });
    for (const name of ['Deposit', 'Withdraw', 'Transfer', 'Transactions']) {
      expect(within(money).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(money).getByRole('link', { name: 'Transfer' }).getAttribute('href')).toBe('/pages/profile/transfer');
    expect(within(money).getByRole('link', { name: 'Transactions' }).getAttribute('href')).toBe('/pages/profile/transaction');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/pages/setting/index');
  });

  it('logs out: tells the server, clears token and user, and goes to login', async () => {
    const server = installFakeFetch({ '/api/user/info': () => envelope(sampleUser()), '/logout': () => envelope(null) });
    saveSession({ token: 'tok', user: sampleUser() });
    const { router } = renderApp('/pages/profile/index');

    // Asked first (issue 20): a cancel keeps the session and calls nothing.
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    expect(within(dialog).getByText('You will need your password to sign in again.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log out?' })).toBeNull());
    expect(server.callsTo('/logout')).toHaveLength(0);
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok');

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
    expect(server.callsTo('/logout')).toHaveLength(1);
    expect(server.callsTo('/logout')[0]?.body).toEqual({});
    expect(server.callsTo('/logout')[0]?.headers.Authorization).toBe('tok');
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.user)).toBeNull();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    installFakeFetch({ '/api/user/info': () => envelope(sampleUser()), '/logout': () => 'network-error' });
    saveSession({ token: 'tok', user: sampleUser() });
    const { router } = renderApp('/pages/profile/index');

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Log out?' })).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
    expect(window.localStorage.getItem(StorageKey.user)).toBeNull();
  });
});

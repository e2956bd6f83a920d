import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUser } from '../test/sample-user';
import { envelope, installFakeFetch } from '../test/fake-fetch';
import { renderAdmin, sampleAdmin, signIn } from './test/render-admin';
import { page, sampleDeposit } from './test/samples';

describe('the back office gate', () => {
  it('shows a visitor an admins-only page with a way to sign in, and calls nothing under /admin/', async () => {
    const server = installFakeFetch();
    renderAdmin('/admin/deposits');

    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    const signInLink = screen.getByRole('link', { name: 'Sign in' });
    expect(signInLink.getAttribute('href')).toBe('/pages/auth/login');
    expect(server.calls.filter((call) => call.path.startsWith('/admin/'))).toEqual([]);
  });

  it('tells a signed-in ordinary user that the account is not an admin', async () => {
    const user = signIn(sampleUser({ email: 'ada@example.com', role: 'user' }), 'user-token');
    const server = installFakeFetch({ '/api/user/info': () => envelope(user) });
    renderAdmin('/admin');

    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.getByText('You are signed in as ada@example.com, which is not an admin account.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/api/user/info')).toHaveLength(1));
    expect(server.calls.filter((call) => call.path.startsWith('/admin/'))).toEqual([]);
  });

  it('closes the door when the server says the stored admin is no longer one', async () => {
    signIn(sampleAdmin());
    installFakeFetch({ '/api/user/info': () => envelope(sampleAdmin({ role: 'user' })) });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
  });

  it('opens the dashboard for an admin with the pending counts of each queue', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/deposits': () => envelope(page([sampleDeposit()], 4)),
      '/admin/withdrawals': () => envelope(page([], 2)),
      '/admin/kyc': () => envelope(page([], 0)),
      '/admin/permissions': () => envelope([{ userId: 7, email: 'ada@example.com', kind: 'blockTrade', status: 1 }]),
      '/admin/audit': () => envelope(page([])),
    });
    renderAdmin('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const deposits = await screen.findByRole('link', { name: /Deposits to review\s*4/ });
    expect(deposits.getAttribute('href')).toBe('/admin/deposits');
    expect(await screen.findByRole('link', { name: /Withdrawals to pay out\s*2/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Identities to verify\s*0/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: /Permission requests\s*1/ })).toBeTruthy();
    expect(new URL(server.callsTo('/admin/deposits')[0]?.url ?? '', 'http://x').searchParams.get('status')).toBe('1');

    const navigation = screen.getByRole('navigation', { name: 'Back office sections' });
    expect(navigation.querySelectorAll('a')).toHaveLength(15);
    expect(screen.getByText('Signed in as admin@tradewind.test')).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../test/fake-fetch';
import { renderAdmin, signIn } from './test/render-admin';
import { page } from './test/samples';

describe('the back office when two-factor sign-in is required of admins', () => {
  it('sends an admin without it to set it up, and calls nothing under /admin/', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/userCenter/twoFactor': () => envelope({ enabled: false, pending: false, recoveryCodesLeft: 0, requiredForRole: true }),
    });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' }).getAttribute('href')).toBe('/pages/setting/security');
    await waitFor(() => expect(server.callsTo('/userCenter/twoFactor')).toHaveLength(1));
    expect(server.calls.filter((call) => call.path.startsWith('/admin/'))).toEqual([]);
  });

  it('opens the back office once the admin has it', async () => {
    const admin = signIn();
    installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/userCenter/twoFactor': () => envelope({ enabled: true, pending: false, recoveryCodesLeft: 10, requiredForRole: true }),
      '/admin/deposits': () => envelope(page([], 0)),
      '/admin/withdrawals': () => envelope(page([], 0)),
      '/admin/kyc': () => envelope(page([], 0)),
      '/admin/permissions': () => envelope([]),
      '/admin/audit': () => envelope(page([])),
    });
    renderAdmin('/admin');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Two-factor sign-in required' })).toBeNull());
    expect(await screen.findByRole('navigation')).toBeTruthy();
  });
});

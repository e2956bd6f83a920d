import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function logIn() {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login with two-factor sign-in', () => {
  it('asks for the authenticator code after the password and signs in with it', async () => {
    const user = sampleUser();
    const server = installFakeFetch({
      '/loginByUsername': () => envelope({ twoFactorRequired: true, challenge: 'chal-1', expiresInSeconds: 300 }),
      '/loginByUsername/twoFactor': () => envelope({ token: 'tok-2fa', user }),
      '/api/user/info': () => envelope(user),
    });
    const { router } = renderApp('/pages/auth/login');
    await screen.findByLabelText('E-mail');
    logIn();

    const field = await screen.findByLabelText('Authenticator code');
    // No session yet: the password alone does not sign in.
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
    fireEvent.change(field, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6 digits your app shows')).toBeTruthy();
    expect(server.callsTo('/loginByUsername/twoFactor')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '287082' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/profile/index'));
    expect(server.callsTo('/loginByUsername/twoFactor')[0]?.body).toEqual({ challenge: 'chal-1', code: '287082' });
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-2fa');
  });

  it('takes a recovery code instead, and shows the server’s refusal', async () => {
    const user = sampleUser();
    let tries = 0;
    const server = installFakeFetch({
      '/loginByUsername': () => envelope({ twoFactorRequired: true, challenge: 'chal-2', expiresInSeconds: 300 }),
      '/loginByUsername/twoFactor': () => (++tries === 1 ? envelope(null, 400, 'The recovery code is incorrect or was already used') : envelope({ token: 'tok-r', user })),
      '/api/user/info': () => envelope(user),
    });
    const { router } = renderApp('/pages/auth/login');
    await screen.findByLabelText('E-mail');
    logIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    fireEvent.change(field, { target: { value: 'abcde-fghij' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The recovery code is incorrect or was already used')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'klmno-pqrst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/profile/index'));
    expect(server.callsTo('/loginByUsername/twoFactor').map((c) => c.body)).toEqual([
      { challenge: 'chal-2', recoveryCode: 'abcde-fghij' },
      { challenge: 'chal-2', recoveryCode: 'klmno-pqrst' },
    ]);
  });
});

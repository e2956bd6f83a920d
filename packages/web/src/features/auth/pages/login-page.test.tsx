import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('links to register and to password reset', async () => {
    installFakeFetch();
    renderApp('/pages/auth/login');
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe('/pages/auth/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/pages/auth/resetpwd');
  });

  it('prompts for the e-mail and password', async () => {
    const server = installFakeFetch();
    renderApp('/pages/auth/login');
    await screen.findByLabelText('E-mail');
    fill('', '');
    expect(screen.getByText('Please enter your e-mail')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('logs in with the e-mail as username and goes to the account tab', async () => {
    const user = sampleUser();
    const server = installFakeFetch({
      '/loginByUsername': () => envelope({ token: 'tok-1', user }),
      '/api/user/info': () => envelope(user),
    });
    const { router } = renderApp('/pages/auth/login');
    await screen.findByLabelText('E-mail');

    fill(' ada@example.com ', 'secret-pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/profile/index'));
    expect(server.callsTo('/loginByUsername')[0]?.body).toEqual({ username: 'ada@example.com', password: 'secret-pass' });
    expect(window.localStorage.getItem(StorageKey.token)).toBe('tok-1');
  });

  it('returns to the page a guard sent the user from', async () => {
    const user = sampleUser();
    installFakeFetch({ '/loginByUsername': () => envelope({ token: 'tok-1', user }), '/api/user/info': () => envelope(user) });
    const { router } = renderApp('/pages/setting/security');
    await screen.findByLabelText('E-mail');

    fill('ada@example.com', 'secret-pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/security'));
  });

  it('shows the server message of a refused login and stays', async () => {
    installFakeFetch({ '/loginByUsername': () => envelope(null, 400, 'Wrong e-mail or password') });
    const { router } = renderApp('/pages/auth/login');
    await screen.findByLabelText('E-mail');

    fill('ada@example.com', 'wrong-pass');

    expect(await screen.findByText('Wrong e-mail or password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/auth/login');
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
  });
});

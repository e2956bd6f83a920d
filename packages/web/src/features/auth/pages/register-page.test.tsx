import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('register page', () => {
  it('prompts for every required field when submitted empty', async () => {
    const server = installFakeFetch();
    renderApp('/pages/auth/register');
    await screen.findByLabelText('E-mail');

    submit();

    expect(screen.getByText('Please enter your e-mail')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByText('Please enter the password again')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('checks the e-mail shape, the code, the password length and that both passwords match', async () => {
    installFakeFetch();
    renderApp('/pages/auth/register');
    await screen.findByLabelText('E-mail');

    type('E-mail', 'not-an-email');
    type('Verification code', '12ab');
    type('Password', 'short');
    type('Confirm password', 'different');
    submit();

    expect(screen.getByText('Please enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('The verification code has 6 digits')).toBeTruthy();
    expect(screen.getByText('The password must be 6 to 20 characters')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
  });

  it('sends a register code to the e-mail and counts down 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = installFakeFetch({ '/getEmailCode': () => envelope(null) });
    renderApp('/pages/auth/register');
    await screen.findByLabelText('E-mail');

    type('E-mail', 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const countdown = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(countdown).toHaveProperty('disabled', true);
    expect(server.callsTo('/getEmailCode')[0]?.body).toEqual({ email: 'new@example.com', type: 'register' });

    // One tick at a time: each second's re-render schedules the next.
    for (let second = 0; second < 60; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('does not send a code to an invalid e-mail', async () => {
    const server = installFakeFetch();
    renderApp('/pages/auth/register');
    await screen.findByLabelText('E-mail');

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(screen.getByText('Please enter your e-mail')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});

describe('register page: invite codes and the server', () => {
  it('prefills the invite code from the route query', async () => {
    installFakeFetch();
    renderApp('/pages/auth/register?inviteCode=AB12CD');
    expect((await screen.findByLabelText<HTMLInputElement>('Invite code (optional)')).value).toBe('AB12CD');
  });

  it('registers, stores the session and lands on the account tab', async () => {
    const user = sampleUser({ email: 'new@example.com' });
    const server = installFakeFetch({
      '/register/email': () => envelope({ token: 'fresh-token', user }),
      '/api/user/info': () => envelope(user),
    });
    const { router } = renderApp('/pages/auth/register?inviteCode=AB12CD');
    await screen.findByLabelText('E-mail');

    type('E-mail', 'new@example.com');
    type('Verification code', '123456');
    type('Password', 'secret-pass');
    type('Confirm password', 'secret-pass');
    submit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/profile/index'));
    expect(server.callsTo('/register/email')[0]?.body).toEqual({
      email: 'new@example.com',
      code: '123456',
      password: 'secret-pass',
      inviteCode: 'AB12CD',
    });
    expect(window.localStorage.getItem(StorageKey.token)).toBe('fresh-token');
    expect(JSON.parse(window.localStorage.getItem(StorageKey.user) ?? '{}')).toEqual(user);
    expect(await screen.findByText('new@example.com')).toBeTruthy();
  });

  it('leaves out an empty invite code', async () => {
    const user = sampleUser();
    const server = installFakeFetch({ '/register/email': () => envelope({ token: 't', user }), '/api/user/info': () => envelope(user) });
    renderApp('/pages/auth/register');
    await screen.findByLabelText('E-mail');

    type('E-mail', user.email);
    type('Verification code', '654321');
    type('Password', 'secret-pass');
    type('Confirm password', 'secret-pass');
    submit();

    await waitFor(() => expect(server.callsTo('/register/email')).toHaveLength(1));
    expect(server.callsTo('/register/email')[0]?.body).not.toHaveProperty('inviteCode');
  });

  it('shows the server message when registration is refused', async () => {
    installFakeFetch({ '/register/email': () => envelope(null, 400, 'The verification code is wrong') });
    renderApp('/pages/auth/register');
    await screen.findByLabelText('E-mail');

    type('E-mail', 'new@example.com');
    type('Verification code', '000000');
    type('Password', 'secret-pass');
    type('Confirm password', 'secret-pass');
    submit();

    expect(await screen.findByText('The verification code is wrong')).toBeTruthy();
    expect(window.localStorage.getItem(StorageKey.token)).toBeNull();
  });
});

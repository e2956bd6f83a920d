import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('reset password page', () => {
  it('sends a reset code', async () => {
    const server = installFakeFetch({ '/getEmailCode': () => envelope(null) });
    renderApp('/pages/auth/resetpwd');
    await screen.findByLabelText('E-mail');
    type('E-mail', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(server.callsTo('/getEmailCode')[0]?.body).toEqual({ email: 'ada@example.com', type: 'reset' }));
  });

  it('requires matching new passwords', async () => {
    const server = installFakeFetch();
    renderApp('/pages/auth/resetpwd');
    await screen.findByLabelText('E-mail');
    type('E-mail', 'ada@example.com');
    type('Verification code', '123456');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secreT');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('resets the password and goes to login', async () => {
    const server = installFakeFetch({ '/resetPassword': () => envelope(null) });
    const { router } = renderApp('/pages/auth/resetpwd');
    await screen.findByLabelText('E-mail');
    type('E-mail', 'ada@example.com');
    type('Verification code', '123456');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
    expect(server.callsTo('/resetPassword')[0]?.body).toEqual({ email: 'ada@example.com', code: '123456', password: 'new-secret' });
  });
});

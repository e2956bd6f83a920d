import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function save() {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('security page', () => {
  it('links to the login and transaction password pages', async () => {
    installFakeFetch({ '/api/user/info': () => envelope(sampleUser({ payPasswordSet: true })) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/setting/security');
    expect((await screen.findByRole('link', { name: 'Login password' })).getAttribute('href')).toBe('/pages/setting/loginpwd');
    expect(screen.getByRole('link', { name: /Transaction password/ }).getAttribute('href')).toBe('/pages/setting/paypwd');
  });
});

describe('login password page', () => {
  it('changes the password with the old one and stays logged in', async () => {
    const server = installFakeFetch({ '/api/user/info': () => envelope(sampleUser()), '/updatePassword': () => envelope(null) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/setting/loginpwd');
    await screen.findByLabelText('Current password');

    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secret');
    save();

    await waitFor(() => expect(server.callsTo('/updatePassword')).toHaveLength(1));
    expect(server.callsTo('/updatePassword')[0]?.body).toEqual({ oldPassword: 'old-secret', newPassword: 'new-secret' });
    expect(window.localStorage.getItem('token')).toBe('tok');
  });

  it('refuses mismatched new passwords before calling the server', async () => {
    const server = installFakeFetch({ '/api/user/info': () => envelope(sampleUser()) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/setting/loginpwd');
    await screen.findByLabelText('Current password');

    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('Confirm new password', 'other-secret');
    save();

    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(server.callsTo('/updatePassword')).toHaveLength(0);
  });
});

describe('pay password page', () => {
  it('sets a first transaction password with /settingPayPassword', async () => {
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser({ payPasswordSet: false })),
      '/settingPayPassword': () => envelope(null),
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/setting/paypwd');

    await screen.findByLabelText('New transaction password');
    expect(screen.queryByLabelText('Current transaction password')).toBeNull();
    type('New transaction password', 'pay-secret');
    type('Confirm transaction password', 'pay-secret');
    save();

    await waitFor(() => expect(server.callsTo('/settingPayPassword')).toHaveLength(1));
    expect(server.callsTo('/settingPayPassword')[0]?.body).toEqual({ payPassword: 'pay-secret' });
    // The user is fetched again so every screen learns the password is now set.
    await waitFor(() => expect(server.callsTo('/api/user/info').length).toBeGreaterThan(1));
  });

  it('changes an existing one with /updatePayPassword and the old one', async () => {
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser({ payPasswordSet: true })),
      '/updatePayPassword': () => envelope(null),
    });
    saveSession({ token: 'tok', user: sampleUser({ payPasswordSet: false }) });
    renderApp('/pages/setting/paypwd');

    await screen.findByLabelText('Current transaction password');
    type('Current transaction password', 'pay-old1');
    type('New transaction password', 'pay-new1');
    type('Confirm transaction password', 'pay-new1');
    save();

    await waitFor(() => expect(server.callsTo('/updatePayPassword')).toHaveLength(1));
    expect(server.callsTo('/updatePayPassword')[0]?.body).toEqual({ oldPayPassword: 'pay-old1', payPassword: 'pay-new1' });
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { StorageKey } from '../../../lib/storage';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

const phoneField = () => screen.findByLabelText<HTMLInputElement>('Phone number');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('profile phone', () => {
  it('shows "Not set" on the account card with a link to edit it', async () => {
    installFakeFetch({ '/api/user/info': () => envelope(sampleUser()) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/index');
    expect((await screen.findByTestId('account-phone')).textContent).toBe('Not set');
    expect(screen.getByRole('link', { name: 'Edit phone number' }).getAttribute('href')).toBe('/pages/profile/phone');
  }, 20_000);

  it('saves a number with its country code; the stored user holds what the server kept', async () => {
    let phone = '';
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser({ phone })),
      '/userCenter/phone': (call) => {
        phone = String((call.body as { phone: string }).phone).replace(/[^\d+]/g, '');
        return envelope(sampleUser({ phone }));
      },
    });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/phone');
    fireEvent.change(await phoneField(), { target: { value: ' +44 20 7946 0000 ' } });
    save();
    await waitFor(() => expect(server.callsTo('/userCenter/phone')).toHaveLength(1));
    expect(server.callsTo('/userCenter/phone')[0]?.body).toEqual({ phone: '+44 20 7946 0000' });
    expect(await screen.findByText('Phone number saved')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem(StorageKey.user) ?? '{}')).toMatchObject({ phone: '+442079460000' });
  });

  it('refuses a number without a country code before sending it, naming what is wrong', async () => {
    const server = installFakeFetch({ '/api/user/info': () => envelope(sampleUser()) });
    saveSession({ token: 'tok', user: sampleUser() });
    renderApp('/pages/profile/phone');
    for (const bad of ['020 7946 0000', '+44 12', 'phone']) {
      fireEvent.change(await phoneField(), { target: { value: bad } });
      save();
      expect((await screen.findByRole('alert')).textContent).toBe('Enter the number with its country code, such as +44 20 7946 0000');
    }
    expect((await phoneField()).getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('/userCenter/phone')).toHaveLength(0);
  });

  it('removes the number when the field is emptied', async () => {
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser({ phone: '+14155550101' })),
      '/userCenter/phone': () => envelope(sampleUser({ phone: '' })),
    });
    saveSession({ token: 'tok', user: sampleUser({ phone: '+14155550101' }) });
    renderApp('/pages/profile/phone');
    const field = await phoneField();
    await waitFor(() => expect(field.value).toBe('+14155550101'));
    fireEvent.change(field, { target: { value: '' } });
    save();
    await waitFor(() => expect(server.callsTo('/userCenter/phone')[0]?.body).toEqual({ phone: '' }));
  });

  it('speaks the reader’s language', async () => {
    installFakeFetch({ '/api/user/info': () => envelope(sampleUser()) });
    saveSession({ token: 'tok', user: sampleUser() });
    const { i18n } = await import('../../../i18n/i18n');
    await i18n.changeLanguage('de');
    renderApp('/pages/profile/phone');
    fireEvent.change(await screen.findByLabelText('Telefonnummer'), { target: { value: '0301234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Geben Sie die Nummer mit Ländervorwahl ein, etwa +49 30 123456');
    await i18n.changeLanguage('en');
  });
});

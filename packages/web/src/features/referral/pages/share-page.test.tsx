import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

describe('share page', () => {
  it('shows the invite code, the invite link to the register page, its QR code and the invitee count', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/referral': () => envelope({ inviteCode: 'AB12CD', invitedCount: 3 }),
    });
    renderApp('/pages/profile/share');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('AB12CD');
    const link = screen.getByTestId('invite-link').textContent ?? '';
    expect(link).toBe(`${window.location.origin}${window.location.pathname}#/pages/auth/register?inviteCode=AB12CD`);
    const qr = screen.getByRole('img', { name: 'QR code of your invite link' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.getAttribute('data-value')).toBe(link);
    // Finder patterns and data modules: a real code, not an empty frame.
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(500);
    expect(screen.getByTestId('invited-count').textContent).toBe('3');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('speaks the reader’s language', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/referral': () => envelope({ inviteCode: 'AB12CD', invitedCount: 0 }),
    });
    const { i18n } = await import('../../../i18n/i18n');
    await i18n.changeLanguage('ja');
    renderApp('/pages/profile/share');
    expect(await screen.findByText('あなたの招待コード')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});

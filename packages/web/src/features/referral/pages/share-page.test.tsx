import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('native share', () => {
    const withReferral = () => {
      saveSession({ token: 'tok', user: sampleUser() });
      installFakeFetch({
        '/api/user/info': () => envelope(sampleUser()),
        '/userCenter/referral': () => envelope({ inviteCode: 'AB12CD', invitedCount: 0 }),
      });
    };
    const setShare = (share: ((data: ShareData) => Promise<void>) | undefined) =>
      Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    afterEach(() => {
      setShare(undefined);
      vi.restoreAllMocks();
    });

    it('has no share button where the browser has no Web Share API: the copy buttons stay', async () => {
      withReferral();
      renderApp('/pages/profile/share');
      await screen.findByTestId('invite-code');
      expect(screen.queryByRole('button', { name: 'Share the invite link' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    });

    it('hands the invite link to the share sheet where there is one', async () => {
      const shared: ShareData[] = [];
      setShare((data) => {
        shared.push(data);
        return Promise.resolve();
      });
      withReferral();
      renderApp('/pages/profile/share');
      fireEvent.click(await screen.findByRole('button', { name: 'Share the invite link' }));
      await waitFor(() => expect(shared).toHaveLength(1));
      expect(shared[0]).toEqual({ title: 'Join me on Tradewind', url: screen.getByTestId('invite-link').textContent });
    });

    it('copies the link when the share is refused, and does nothing when the sheet is closed', async () => {
      const writes: string[] = [];
      Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: (text: string) => Promise.resolve(void writes.push(text)) },
        configurable: true,
      });
      let answer = new DOMException('closed', 'AbortError');
      setShare(() => Promise.reject(answer));
      withReferral();
      renderApp('/pages/profile/share');
      const button = await screen.findByRole('button', { name: 'Share the invite link' });

      fireEvent.click(button);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(writes).toEqual([]);

      answer = new DOMException('not allowed', 'NotAllowedError');
      fireEvent.click(button);
      await waitFor(() => expect(writes).toEqual([screen.getByTestId('invite-link').textContent]));
      expect(await screen.findByText('Copied')).toBeTruthy();
    });
  });
});

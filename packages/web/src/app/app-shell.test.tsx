import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from '../lib/router/router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session/session-store';
import { envelope, installFakeFetch } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';
import { sampleUser } from '../test/sample-user';
import { appRoutes } from './routes';

/** Every route of SPEC §2, copied from the spec rather than from routes.tsx so a dropped route fails. */
const specRoutes = [
  '/',
  '/pages/home/index',
  '/pages/market/index',
  '/pages/watchlist/index',
  '/pages/trade/index',
  '/pages/profile/index',
  '/pages/quote/stock',
  '/pages/quote/globalindex',
  '/pages/quote/future',
  '/pages/quote/forex',
  '/pages/payment/stock',
  '/pages/payment/future',
  '/pages/payment/forex',
  '/pages/payment/newstock',
  '/pages/payment/follow',
  '/pages/payment/close',
  '/pages/watchlist/manage',
  '/pages/product/follow',
  '/pages/product/future',
  '/pages/product/popular',
  '/pages/product/blocktrade',
  '/pages/product/newstock',
  '/pages/product/taiwan',
  '/pages/auth/login',
  '/pages/auth/register',
  '/pages/auth/resetpwd',
  '/pages/profile/share',
  '/pages/profile/transaction',
  '/pages/profile/transfer',
  '/pages/withdraw/vm',
  '/pages/withdraw/bcard',
  '/pages/withdraw/other',
  '/pages/deposit/index',
  '/pages/deposit/fiat',
  '/pages/deposit/wallet',
  '/pages/deposit/record',
  '/pages/setting/index',
  '/pages/setting/security',
  '/pages/setting/loginpwd',
  '/pages/setting/paypwd',
  '/pages/bcard/index',
  '/pages/bcard/modify',
  '/pages/vm/modify',
  '/pages/kycverify/index',
  '/pages/kycverify/idcard',
  '/pages/kycverify/passport',
  '/pages/search/index',
  '/pages/notice/index',
  '/pages/notice/detail',
  '/pages/news/detail',
  '/pages/webview/index',
];

const tabLabels = ['Home', 'Market', 'Watchlist', 'Trade', 'Account'];

function logIn() {
  installFakeFetch({ '/api/user/info': () => envelope(sampleUser()) });
  saveSession({ token: 'tok', user: sampleUser() });
}

describe('routes', () => {
  it.each(specRoutes)('registers %s', (path) => {
    const matched = matchRoutes(appRoutes, path)?.at(-1)?.route.path;
    expect(matched).toBe(path);
  });

  it('shows "The URL does not exist" for an unknown path', async () => {
    renderApp('/pages/nowhere/index');
    expect(await screen.findByText('The URL does not exist')).toBeTruthy();
  });
});

describe('tab bar and nav bar', () => {
  it('shows the five tabs on tab pages, with the current one marked', async () => {
    renderApp('/pages/market/index');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(tabLabels);
    expect(screen.getByRole('link', { name: 'Market' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('treats the root path as Home', async () => {
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('switches tabs in place instead of stacking history', async () => {
    const { router } = renderApp('/pages/home/index');
    fireEvent.click(await screen.findByRole('link', { name: 'Trade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade/index'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows a nav bar with back and no tab bar on other pages', async () => {
    renderApp('/pages/setting/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('goes back to the previous page when there is one', async () => {
    const { router } = renderApp('/pages/profile/index');
    fireEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    await screen.findByRole('button', { name: 'Back' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/profile/index'));
  });

  it('goes home when back has no history behind it', async () => {
    const { router } = renderApp('/pages/setting/index');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/index'));
  });

  it('scrolls the window to the top on each navigation', async () => {
    const { router } = renderApp('/pages/home/index');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    window.scrollTo(0, 400);
    expect(window.scrollY).toBe(400);
    await act(() => router.navigate('/pages/setting/index'));
    expect(window.scrollY).toBe(0);
  });

  it('keeps the fixed document title', async () => {
    renderApp('/pages/setting/index');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(document.title).toBe('Tradewind');
  });
});

describe('guards', () => {
  it.each(['/pages/setting/security', '/pages/setting/loginpwd', '/pages/setting/paypwd', '/pages/profile/transfer'])(
    'sends a visitor from %s to login',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'));
    },
  );

  it.each(['/pages/auth/login', '/pages/auth/register', '/pages/auth/resetpwd'])(
    'sends a logged-in user from %s to the account tab',
    async (path) => {
      logIn();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/profile/index'));
    },
  );

  it('lets a visitor change the language without logging in', async () => {
    const { router } = renderApp('/pages/setting/index');
    expect(await screen.findByRole('radiogroup', { name: 'Language' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/setting/index');
  });
});

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { latestEmailCode } from './support/outbox';
import { logOut } from './support/page';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let page: Page;
let pageErrors: string[];

async function shot(name: string) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

function route(): string {
  return new URL(page.url()).hash;
}

async function storage(): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...window.localStorage }));
}

async function waitForRoute(path: string) {
  await page.waitForURL((url) => url.hash === `#${path}` || url.hash.startsWith(`#${path}?`));
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('account life cycle in the browser', () => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Sail-Wind-4821';

  it('registers with an e-mail code and lands on the account tab', async () => {
    await page.goto(`${baseUrl}/#/pages/profile/index`);
    expect(await page.title()).toBe('Tradewind');
    await page.getByRole('link', { name: 'Create account' }).click();
    await waitForRoute('/pages/auth/register');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    const code = await latestEmailCode(admin, email);
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await shot('01-register-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitForRoute('/pages/profile/index');
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    await shot('02-account-after-register');
    const stored = await storage();
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email });
  });

  it('logs out and the storage no longer holds the session', async () => {
    await logOut(page);
    const stored = await storage();
    expect(stored).not.toHaveProperty('token');
    expect(stored).not.toHaveProperty('user');
  });

  it('logs in again with the password', async () => {
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await shot('03-login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    await waitForRoute('/pages/profile/index');
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    // SECURITY #24: only the session keys, nothing else personal.
    expect(Object.keys(await storage()).sort()).toEqual(['token', 'user']);
  });

  it('switches the interface to Japanese from settings, and it sticks after a reload', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await waitForRoute('/pages/setting/index');
    await page.getByRole('radio', { name: '日本語' }).click();
    await page.getByRole('heading', { level: 1, name: '設定' }).waitFor();
    await shot('04-settings-japanese');

    await page.getByRole('button', { name: '戻る' }).click();
    await waitForRoute('/pages/profile/index');
    const tabs = page.getByRole('navigation', { name: 'メインナビゲーション' });
    await tabs.getByRole('link', { name: 'アカウント' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'マーケット' }).count()).toBe(1);

    await page.reload();
    await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    expect((await storage()).UNI_LOCALE).toBe('ja');
    await shot('05-account-japanese');
  });

  it('logs out in Japanese, leaving no token or user in storage', async () => {
    await page.getByRole('button', { name: 'ログアウト' }).click();
    // The confirmation asks first, in Japanese too.
    await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
    await waitForRoute('/pages/auth/login');
    await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
    const stored = await storage();
    expect(stored).not.toHaveProperty('token');
    expect(stored).not.toHaveProperty('user');
    expect(route()).toBe('#/pages/auth/login');
    await shot('06-logged-out');
    expect(pageErrors).toEqual([]);
  });
});

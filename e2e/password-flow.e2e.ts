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

async function waitForRoute(path: string) {
  await page.waitForURL((url) => url.hash === `#${path}` || url.hash.startsWith(`#${path}?`));
}

async function fill(label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function logIn(email: string, password: string) {
  await page.goto(`${baseUrl}/#/pages/auth/login`);
  await fill('E-mail', email);
  await fill('Password', password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await waitForRoute('/pages/profile/index');
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('passwords in the browser', () => {
  const email = `e2e-pw-${Date.now()}@example.com`;
  const first = 'First-Pass-3391';
  const second = 'Second-Pass-7720';
  const third = 'Third-Pass-1184';

  it('registers (invite-free) through the page', async () => {
    await page.goto(`${baseUrl}/#/pages/auth/register`);
    await fill('E-mail', email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await fill('Verification code', await latestEmailCode(admin, email));
    await fill('Password', first);
    await fill('Confirm password', first);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForRoute('/pages/profile/index');
  });

  it('sets, then changes, the transaction password', async () => {
    await page.goto(`${baseUrl}/#/pages/setting/security`);
    await page.getByRole('link', { name: /Transaction password/ }).filter({ hasText: 'Not set' }).waitFor();
    await page.getByRole('link', { name: /Transaction password/ }).click();
    await page.getByRole('heading', { name: 'Set transaction password' }).waitFor();
    await fill('New transaction password', 'Pay-Code-5512');
    await fill('Confirm transaction password', 'Pay-Code-5512');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute('/pages/setting/security');
    await page.getByRole('link', { name: /Transaction password/ }).filter({ hasText: /password\s*Set$/ }).waitFor();
    // The same page lists where the account is signed in: this browser, marked as this device.
    await page.getByRole('heading', { name: 'Signed-in devices' }).waitFor();
    await page.getByText('This device').waitFor();
    await page.screenshot({ path: join(artifacts, '10-security-devices.png'), fullPage: true });

    await page.getByRole('link', { name: /Transaction password/ }).click();
    await page.getByRole('heading', { name: 'Change transaction password' }).waitFor();
    await fill('Current transaction password', 'Pay-Code-5512');
    await fill('New transaction password', 'Pay-Code-8830');
    await fill('Confirm transaction password', 'Pay-Code-8830');
    await page.screenshot({ path: join(artifacts, '11-pay-password-change.png') });
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute('/pages/setting/security');
  });

  it('shows the server message for a wrong current password, then changes the login password', async () => {
    await page.getByRole('link', { name: 'Login password' }).click();
    await waitForRoute('/pages/setting/loginpwd');
    await fill('Current password', 'Not-The-Password-1');
    await fill('New password', second);
    await fill('Confirm new password', second);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.adm-toast-main').waitFor();
    expect(await page.locator('.adm-toast-main').textContent()).toBeTruthy();
    expect(new URL(page.url()).hash).toBe('#/pages/setting/loginpwd');

    await fill('Current password', first);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute('/pages/setting/security');
    // This session survives its own password change.
    await page.goto(`${baseUrl}/#/pages/profile/index`);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
  });

  it('logs in with the new password after logging out', async () => {
    await logOut(page);
    await logIn(email, second);
    await logOut(page);
  });

  it('resets a forgotten password with an e-mail code', async () => {
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForRoute('/pages/auth/resetpwd');
    await fill('E-mail', email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    await fill('Verification code', await latestEmailCode(admin, email));
    await fill('New password', third);
    await fill('Confirm new password', third);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await waitForRoute('/pages/auth/login');

    await logIn(email, third);
    await page.getByTestId('account-email').filter({ hasText: email }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { registerUser, type TestUser } from './support/funding';
import { logIn, logOut, screenshot, waitForRoute } from './support/page';

/*
 * Two-factor sign-in at phone size: the user turns it on under Settings › Security (the test reads the
 * key shown on screen and computes the codes itself, as an authenticator app would), keeps the recovery
 * codes, sees the withdrawal form ask for a code, logs out, and logs in with password and code.
 */

const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let phone: Page;
let errors: string[] = [];
let user: TestUser;
let secret = '';

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) of a base32 secret at `time`, written out here on purpose. */
function totp(base32: string, time: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32.replace(/\s/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const mobile = await openPhonePage(browser);
  phone = mobile.page;
  errors = mobile.errors;
  user = await registerUser(access, `e2e-2fa-${Date.now()}@example.com`, 'Sail-Wind-4821');
});

afterAll(async () => {
  await browser?.close();
});

describe('two-factor sign-in', () => {
  it('turns it on from Settings › Security with a code computed from the key on screen', async () => {
    await logIn(phone, baseUrl, user);
    await phone.goto(`${baseUrl}/#/pages/setting/security`);
    await waitForRoute(phone, '/pages/setting/security');
    const card = phone.getByTestId('two-factor-card');
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = ((await card.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await card.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('data-value')).toContain(`secret=${secret}`);
    await screenshot(phone, 'two-factor-01-scan');
    await card.getByLabel('Authenticator code').fill(totp(secret, Date.now()));
    await card.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    for (const code of await codes.allTextContents()) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await screenshot(phone, 'two-factor-02-recovery-codes');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    expect(await card.getByTestId('recovery-left').textContent()).toBe('10 recovery codes left');
  });

  it('asks for a code on the withdrawal form', async () => {
    await phone.goto(`${baseUrl}/#/pages/withdraw/other`);
    await waitForRoute(phone, '/pages/withdraw/other');
    await phone.getByLabel('Authenticator code').waitFor();
    expect(await phone.getByText('Two-factor sign-in is on: a withdrawal needs a code from your app.').count()).toBe(1);
  });

  it('logs out, and logs in again with the password and then a code', async () => {
    await phone.goto(`${baseUrl}/#/pages/profile/index`);
    await logOut(phone);
    await phone.getByLabel('E-mail', { exact: true }).fill(user.email);
    await phone.getByLabel('Password', { exact: true }).fill(user.password);
    await phone.getByRole('button', { name: 'Log in', exact: true }).click();
    const field = phone.getByLabel('Authenticator code');
    await field.waitFor();
    // Still on the login page and signed out: the password alone is not enough.
    expect(phone.url()).toContain('#/pages/auth/login');
    expect(await phone.evaluate(() => Object.keys(window.localStorage).filter((k) => /token/i.test(k)).map((k) => window.localStorage.getItem(k)))).not.toContainEqual(expect.stringMatching(/.{20,}/));
    await screenshot(phone, 'two-factor-03-code-step');
    // The code of the next step: the one confirmed at enrolment may still be current, and a code is never taken twice.
    await field.fill(totp(secret, Date.now() + 30_000));
    await phone.getByRole('button', { name: 'Verify' }).click();
    await waitForRoute(phone, '/pages/profile/index');
    await phone.getByTestId('account-email').filter({ hasText: user.email }).waitFor();
    await screenshot(phone, 'two-factor-04-signed-in');
    expect(errors).toEqual([]);
  });
});

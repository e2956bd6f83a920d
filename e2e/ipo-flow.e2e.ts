import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, openDesktopPage } from './support/admin';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { screenshot } from './support/page';

/*
 * A funded user subscribes to an IPO on a phone and sees it waiting for allotment; once its short
 * purchase window has passed (the server's clock is real, and a window may not be shortened once
 * someone subscribed) the back office runs the allotment through its calls, and the user's list
 * shows the result.
 */

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface AdminIpo {
  id: number;
  stockCode: string;
  status: string;
  allottedLots: number | null;
}

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;
let offering: AdminIpo;
let adminToken = '';

async function admin<T>(path: string, body: unknown): Promise<T> {
  if (!adminToken) {
    const login = await fetch(`${baseUrl}/loginByUsername`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: access.adminEmail, password: access.adminPassword }),
    });
    adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: adminToken },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`POST ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const shot = (name: string) => screenshot(page, `ipo-${name}`);

const now = () => Math.floor(Date.now() / 1000);
/** Long enough for the subscription steps on a busy machine, short enough to wait out in the next test. */
const WINDOW_SECONDS = 75;
let purchaseEnd = 0;
const subscriptionCard = () => page.getByRole('article', { name: 'Subscription to Snowflake Inc SNOW' });

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
  user = await registerUser(access, `e2e-ipo-${Date.now()}@example.com`, 'Ipo-Wind-5307');
  // The IPO wallet is SUBSCRIPTION; the back office's audited credit funds it directly.
  await creditWallet(access, user.id, 'SUBSCRIPTION', 2_000);
  offering = await admin<AdminIpo>('/admin/ipos', {
    stockCode: 'SNOW',
    price: 120,
    lotSize: 10,
    sharesOffered: 50,
    prospectusDate: now() - 3600,
    purchaseStartDate: now() - 60,
    purchaseEndDate: (purchaseEnd = now() + WINDOW_SECONDS),
    listDate: now() + 7200,
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('an IPO subscription at phone size', () => {
  it('the user finds the IPO in the new-stock list and subscribes to the most lots the IPO wallet affords', async () => {
    await page.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(page, user.email, user.password);
    await page.goto(`${baseUrl}/#/pages/product/newstock`);
    const card = page.getByRole('article', { name: 'Snowflake Inc SNOW' });
    await card.waitFor();
    await card.getByText('$120.00').waitFor();
    await shot('01-list');

    await card.getByRole('link', { name: 'Subscribe' }).click();
    const form = page.getByRole('form', { name: 'Subscribe to SNOW' });
    await form.waitFor();
    // $2,000 buys one lot of 10 × $120 = $1,200, not two.
    await form.getByText('$2,000.00').waitFor();
    await form.getByRole('button', { name: 'Max' }).click();
    expect(await form.getByLabel('Quantity (lots of 10 shares)').inputValue()).toBe('1');
    await form.getByLabel('Quantity (lots of 10 shares)').fill('2');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByText('Your IPO wallet pays for at most 1 lot(s)').waitFor();
    await shot('02-too-many');

    await form.getByLabel('Quantity (lots of 10 shares)').fill('1');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm subscription' });
    await dialog.getByText('Subscribe to 10 shares of SNOW (1 lot(s)) for $1,200.00?').waitFor();
    await shot('03-confirm');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL((url) => url.hash.endsWith('?tab=mine'));
    await subscriptionCard().getByTestId('ipo-subscription-status').filter({ hasText: 'Waiting for allotment' }).waitFor();
    await subscriptionCard().getByText('$1,200.00').first().waitFor();
    await shot('04-waiting');
  });

  it('after the purchase ends the allotment runs; the list shows the subscription allotted and the money paid', async () => {
    // Once the purchase window has passed, the back office runs the allotment.
    const wait = (purchaseEnd + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const allotted = await admin<AdminIpo>(`/admin/ipos/${offering.id}/allot`, {});
    expect(allotted).toMatchObject({ status: 'allotted', allottedLots: 1 });

    // The inbox message is pushed over /ws and the app fetches what is on screen again.
    const status = subscriptionCard().getByTestId('ipo-subscription-status');
    await status.filter({ hasText: 'Allotted' }).waitFor({ timeout: 20_000 });
    await subscriptionCard().getByText('1 lot(s), 10 shares').nth(1).waitFor();
    await shot('05-allotted');
    expect(pageErrors).toEqual([]);
  });

  it('the back office shows the IPO allotted and its recorded draw', async () => {
    const { page: desk, errors } = await openDesktopPage(browser);
    await desk.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(desk, access.adminEmail, access.adminPassword);
    await desk.goto(`${baseUrl}/#/admin/ipos`);
    const row = desk.getByRole('row', { name: /SNOW/ });
    await row.getByRole('button', { name: 'View draw' }).click();
    const draw = desk.getByRole('region', { name: 'Allotment draw' });
    await draw.getByText(user.email).waitFor();
    // Demand (1 lot) did not exceed the 5 offered: no lottery was needed, and the record says so.
    await draw.getByText(/no draw was needed/).waitFor();
    await desk.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
    await desk.screenshot({ path: join(artifacts, 'ipo-06-admin-draw.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, openDesktopPage } from './support/admin';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute as waitForPageRoute } from './support/page';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const agencyName = 'Tidewater Tech Growth';

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;

const shot = (name: string) => screenshot(page, `follow-${name}`);

const waitForRoute = (path: string) => waitForPageRoute(page, path);

beforeAll(async () => {
  // Money in the FOLLOW wallet as the back office credits it.
  user = await registerUser(admin, `e2e-follow-${Date.now()}@example.com`, 'Follow-Wind-4182');
  await creditWallet(admin, user.id, 'FOLLOW', 5_000);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('follow orders at phone size', () => {
  it('finds the agencies from home: strategy, track record, fee and term', async () => {
    await logIn(page, baseUrl, user);
    await page.goto(`${baseUrl}/#/pages/home/index`);
    await page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Follow investing' }).click();
    await waitForRoute('/pages/product/follow');
    const card = page.getByRole('article', { name: agencyName });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/1 year[+-]?\d+\.\d{2}%/);
    expect(await card.textContent()).toContain('90 days');
    await page.getByText('You do not follow any agency yet').waitFor();
    await shot('01-agencies');
  });

  it('follows an agency with 1,000 from the FOLLOW wallet after the amount is checked', async () => {
    await page.getByRole('link', { name: `Follow ${agencyName}` }).click();
    await waitForRoute('/pages/payment/follow');
    const form = page.getByRole('form', { name: `Follow ${agencyName}` });
    await form.getByText('$5,000.00').waitFor();
    expect(await form.getByRole('note').textContent()).toContain('cannot be sold after placing');
    const amount = form.getByLabel('Amount (USD)');
    await amount.fill('99');
    await form.getByRole('button', { name: 'Follow' }).click();
    await form.getByText('The amount must be between 100 and 1,000,000').waitFor();
    await shot('02-amount-refused');
    await amount.fill('1000');
    await form.getByText('$985.00').waitFor();
    await form.getByRole('button', { name: 'Follow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm follow order' });
    await dialog.getByRole('button', { name: 'Follow' }).waitFor();
    // The dialog fades in: let it settle so the screenshot shows it, not the fade.
    await page.waitForTimeout(400);
    await shot('03-confirm');
    const placed = page.waitForResponse((response) => response.url().endsWith('/userFollowInvest/add'));
    await dialog.getByRole('button', { name: 'Follow' }).click();
    expect((await placed).status()).toBe(200);
    await waitForRoute('/pages/product/follow');
  });

  it('sees the follow with its status, and once bought its value and P&L', async () => {
    const mine = page.getByRole('article', { name: `Follow of ${agencyName}` });
    await mine.waitFor();
    // The sweep confirms and buys within seconds while the market is open (the demo server keeps it open).
    await mine.getByText('Subscribed').waitFor({ timeout: 20_000 });
    const text = (await mine.textContent()) ?? '';
    expect(text).toContain('$1,000.00');
    expect(text).toMatch(/Value\$[\d,]+\.\d{2}/);
    expect(text).toMatch(/P&L[+-]?\$[\d,]+\.\d{2} \([+-]?\d+\.\d{2}%\)/);
    for (const code of ['NVDA', 'MSFT', 'AAPL', 'AMD']) expect(text).toContain(code);
    await shot('04-my-follow');
    // Its positions belong to the follow: the Trade tab does not offer them for sale.
    await page.goto(`${baseUrl}/#/pages/trade/index?tab=positions`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('article', { name: /NVIDIA/ }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('the back office lists the agencies with their open follows and edits a portfolio', async () => {
    const { page: desk, errors } = await openDesktopPage(browser);
    await desk.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(desk, admin.adminEmail, admin.adminPassword);
    await desk.goto(`${baseUrl}/#/admin/agencies`);
    const table = desk.getByRole('table', { name: 'Investment agencies' });
    const row = table.getByRole('row').filter({ hasText: agencyName });
    await row.waitFor();
    expect(await row.textContent()).toContain('NVDA 35%, AAPL 25%, MSFT 25%, AMD 15%');
    await desk.screenshot({ path: join(artifacts, 'follow-05-admin-agencies.png'), fullPage: true });
    await desk.getByRole('button', { name: 'Edit Gale Momentum' }).click();
    const form = desk.getByRole('form', { name: 'Edit Gale Momentum' });
    await form.getByLabel('Weight 1 (%)').fill('50');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The weights add up to 110.00 %; they must add up to 100 %.').waitFor();
    await form.getByLabel('Weight 2 (%)').fill('20');
    await desk.screenshot({ path: join(artifacts, 'follow-06-admin-edit.png'), fullPage: true });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: 'TSLA 50%, NVDA 30%, AMD 20%' }).waitFor();
    expect(errors).toEqual([]);
  });
});

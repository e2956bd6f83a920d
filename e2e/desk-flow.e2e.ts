import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, openDesktopPage } from './support/admin';
import { PHONE_USER_AGENT, launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute } from './support/page';

/*
 * Issue 20, the desk: staff publish a block offer in the back office (#/admin/block-offers) and a
 * user buys it on the phone (it reads "Block" in their order history, and staff see them as a
 * taker); staff reveal a withdrawal's full destination on the pay-out screen and the view is in the
 * audit log; the user cancels a pending withdrawal and a refused one reads as returned. The back
 * office runs at desktop size, the user at 390×844; the changed screens are shot in en, th and de.
 */

const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const PAY_PASSWORD = 'Pay-Desk-5512';

let browser: Browser;
let desk: Page;
let phone: Page;
let errors: string[][] = [];
let user: TestUser;
let adminToken = '';
const withdrawalIds = { payOut: 0, cancel: 0, refuse: 0 };

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function api<T>(path: string, token: string, body?: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: token, 'user-agent': PHONE_USER_AGENT, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${method} ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const usable = async () => (await api<{ available: number }>('/withdrawal/getUsableWithdrawalAmount', user.token, undefined, 'GET')).available;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Back office sections' });

beforeAll(async () => {
  browser = await launchBrowser();
  const desktop = await openDesktopPage(browser);
  const mobile = await openPhonePage(browser);
  desk = desktop.page;
  phone = mobile.page;
  errors = [desktop.errors, mobile.errors];
  user = await registerUser(access, `e2e-desk-${Date.now()}@example.com`, 'Desk-Wind-7730');
  // Trading needs a verified identity now; the helper verifies it (name "Test Trader") and applies.
  await grantTrading(access, user);
  await creditWallet(access, user.id, 'STOCK', 150_000);
  await creditWallet(access, user.id, 'BALANCE', 1_000);
  await api('/userCenter/apply/service', user.token, { type: 'blockTrade' });
  adminToken = (await api<{ token: string }>('/loginByUsername', '', { username: access.adminEmail, password: access.adminPassword })).token;
});

afterAll(async () => {
  await browser?.close();
});

describe('the desk: block offers', () => {
  it('the back office lists the demo blocks and publishes a new one', async () => {
    await desk.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(desk, access.adminEmail, access.adminPassword);
    await desk.goto(`${baseUrl}/#/admin/block-offers`);
    await desk.getByRole('heading', { level: 1, name: 'Block offers' }).waitFor();
    // Demo offers seeded at first start, so a fresh install is not empty.
    await desk.getByRole('row').filter({ hasText: 'AAPL' }).first().waitFor();
    expect(await desk.getByRole('row').filter({ hasText: 'NVDA' }).count()).toBeGreaterThan(0);

    await desk.getByRole('button', { name: 'Publish a block' }).click();
    const form = desk.getByRole('form', { name: 'Publish a block offer' });
    await form.getByLabel('Stock code').fill('F');
    await form.getByLabel('Block price (USD)').fill('9.50');
    await form.getByLabel('Shares on offer').fill('50000');
    await screenshot(desk, 'desk-01-publish-form-desktop', { fullPage: false });
    await form.getByRole('button', { name: 'Publish' }).click();
    await form.waitFor({ state: 'detached' });
    const row = desk.getByRole('row').filter({ has: desk.getByText('F', { exact: true }) }).filter({ hasText: '9.50 USD' });
    await row.waitFor();
    expect(await row.textContent()).toContain('50,000');
    await screenshot(desk, 'desk-02-block-offers-desktop');
  });

  it('the permission queue names the applicant; staff grant block trading', async () => {
    await nav(desk).getByRole('link', { name: 'Permissions' }).click();
    const row = desk.getByRole('row').filter({ hasText: user.email });
    await row.waitFor();
    // E-mail and the verified name, not "User #n".
    expect(await row.textContent()).toContain('Test Trader');
    await screenshot(desk, 'desk-03-permissions-desktop', { fullPage: false });
    await row.getByRole('button', { name: 'Grant' }).click();
    const confirm = desk.getByRole('dialog', { name: /^Grant Block trading/ });
    await confirm.getByRole('button', { name: 'Grant' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('the user buys the block on the phone; it reads "Block" in the order history', async () => {
    await logIn(phone, baseUrl, user);
    await phone.goto(`${baseUrl}/#/pages/product/blocktrade`);
    const card = phone.getByRole('article', { name: / F$/ }).first();
    await card.waitFor();
    await screenshot(phone, 'desk-04-block-trade-phone');
    await card.getByRole('button', { name: 'Buy block' }).click();
    const form = phone.getByRole('form', { name: 'Buy F as a block' });
    await form.getByLabel('Shares').fill('10000');
    await form.getByRole('button', { name: 'Buy block' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Confirm block purchase' });
    await dialog.getByRole('button', { name: 'Buy block' }).click();
    await phone.getByText('Bought 10,000 F as a block').waitFor();

    await phone.goto(`${baseUrl}/#/pages/trade/index`);
    await waitForRoute(phone, '/pages/trade/index');
    await phone.getByRole('button', { name: 'History' }).click();
    const orders = phone.getByRole('list', { name: 'All orders' });
    const blockRow = orders.getByRole('listitem').filter({ hasText: 'F' }).filter({ hasText: 'Block' }).first();
    await blockRow.waitFor();
    await screenshot(phone, 'desk-05-order-history-block-phone');
  });

  it('staff see the buyer among the takers', async () => {
    await nav(desk).getByRole('link', { name: 'Block offers' }).click();
    const row = desk.getByRole('row').filter({ has: desk.getByText('F', { exact: true }) }).filter({ hasText: '9.50 USD' });
    await row.getByRole('button', { name: 'Takers (1)' }).click();
    const takers = desk.getByRole('region', { name: 'Who bought the F block' });
    await takers.getByText(user.email, { exact: false }).waitFor();
    expect(await takers.textContent()).toContain('10,000');
    await screenshot(desk, 'desk-06-takers-desktop');
  });
});

describe('the desk: withdrawals', () => {
  it('the user has three withdrawals waiting', async () => {
    await api('/settingPayPassword', user.token, { payPassword: PAY_PASSWORD });
    const card = await api<{ id: number }>('/UserAccount/addCardNo', user.token, { bankName: 'First Harbor Bank', accountName: 'Test Trader', cardNumber: '4111 2222 3333 9087' });
    for (const [key, amount] of [['payOut', 300], ['cancel', 200], ['refuse', 150]] as const) {
      withdrawalIds[key] = (await api<{ id: number }>('/withdrawal/withdrawal-apply', user.token, { amount: String(amount), cardId: card.id, payPassword: PAY_PASSWORD })).id;
    }
    expect(await usable()).toBe(350);
  });

  it('the pay-out screen shows the full destination, and the view is in the audit log', async () => {
    await nav(desk).getByRole('link', { name: 'Withdrawals' }).click();
    const row = desk.getByRole('row', { name: `Withdrawal #${withdrawalIds.payOut}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(user.email);
    expect(await row.textContent()).toContain('********9087');
    await row.click();
    const drawer = desk.getByRole('dialog', { name: `Withdrawal #${withdrawalIds.payOut}` });
    await drawer.getByRole('button', { name: 'Show full destination' }).click();
    const destination = drawer.getByRole('region', { name: 'Pay out to' });
    await destination.getByText('4111222233339087').waitFor();
    expect(await destination.textContent()).toContain('Test Trader');
    expect(await destination.textContent()).toContain('First Harbor Bank');
    await screenshot(desk, 'desk-07-payout-destination-desktop', { fullPage: false });
    await drawer.getByRole('button', { name: 'Pay out' }).click();
    const confirm = desk.getByRole('dialog', { name: `Pay out withdrawal #${withdrawalIds.payOut}?` });
    await confirm.getByRole('button', { name: 'Pay out' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });

    await nav(desk).getByRole('link', { name: 'Audit log' }).click();
    const audit = desk.getByRole('table', { name: 'Audit log' });
    const view = audit.getByRole('row').filter({ hasText: `withdrawal:${withdrawalIds.payOut}` }).filter({ hasText: 'withdrawal.viewDestination' });
    await view.waitFor();
    // Who looked (the signed-in admin), when, and at which withdrawal.
    const adminId = (await api<{ id: number }>('/api/user/info', adminToken, {})).id;
    expect(await view.textContent()).toContain(`User #${adminId}`);
    await screenshot(desk, 'desk-08-audit-view-desktop', { fullPage: false });
  });

  it('the user cancels a pending withdrawal; a refused one reads as returned', async () => {
    await api(`/admin/withdrawals/${withdrawalIds.refuse}/reject`, adminToken, { reason: 'The account name does not match' });
    await phone.goto(`${baseUrl}/#/pages/deposit/record?tab=withdrawals`);
    const list = phone.getByRole('list', { name: 'Withdrawals' });
    const pending = list.locator(`[data-withdrawal-id="${withdrawalIds.cancel}"]`);
    await pending.waitFor();
    const refused = list.locator(`[data-withdrawal-id="${withdrawalIds.refuse}"]`);
    expect(await refused.getByTestId('record-amount').textContent()).toBe('$150.00');
    await refused.getByText('$150.00 returned to your balance').waitFor();
    await screenshot(phone, 'desk-09-withdrawals-before-cancel-phone');

    await pending.getByRole('button', { name: 'Cancel withdrawal' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await pending.getByText('Cancelled', { exact: true }).waitFor();
    await pending.getByText('$200.00 returned to your balance').waitFor();
    expect(await pending.getByRole('button', { name: 'Cancel withdrawal' }).count()).toBe(0);
    await screenshot(phone, 'desk-10-withdrawals-after-cancel-phone');
    // 1,000 − 300 paid out; the cancelled 200 and the refused 150 are back.
    expect(await usable()).toBe(700);
  });

  it('ran without uncaught errors or CSP violations', () => {
    expect(errors.flat()).toEqual([]);
  });
});

describe('the changed screens in Thai and German', () => {
  async function pageIn(locale: string, token: string, phoneSized: boolean): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext(
      phoneSized
        ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT }
        : { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
    );
    await context.addInitScript(
      ({ token: saved, locale: chosen }: { token: string; locale: string }) => {
        window.localStorage.setItem('token', saved);
        window.localStorage.setItem('UNI_LOCALE', chosen);
      },
      { token, locale },
    );
    return { context, page: await context.newPage() };
  }

  for (const locale of ['th', 'de']) {
    it(`shoots the user and back-office screens in ${locale}`, async () => {
      const user$ = await pageIn(locale, user.token, true);
      for (const [route, name, ready] of [
        ['/pages/product/blocktrade', 'block-trade', '.block-offer'],
        ['/pages/trade/index', 'order-history', '.history-row'],
        ['/pages/deposit/record?tab=withdrawals', 'withdrawals', '[data-withdrawal-id]'],
      ] as const) {
        await user$.page.goto(`${baseUrl}/#${route}`);
        if (name === 'order-history') await user$.page.getByRole('button', { name: locale === 'th' ? 'ประวัติ' : 'Verlauf', exact: true }).click();
        await user$.page.locator(ready).first().waitFor();
        await user$.page.waitForTimeout(300);
        await screenshot(user$.page, `desk-${locale}-${name}-phone`);
      }
      await user$.context.close();

      const admin$ = await pageIn(locale, adminToken, false);
      for (const [route, name] of [
        ['/admin/block-offers', 'block-offers'],
        [`/admin/withdrawals?status=all&id=${withdrawalIds.cancel}`, 'withdrawals'],
        ['/admin/permissions', 'permissions'],
      ] as const) {
        await admin$.page.goto(`${baseUrl}/#${route}`);
        await admin$.page.locator('.bo-page h1').waitFor();
        await admin$.page.locator('table, .bo-state').first().waitFor();
        await admin$.page.waitForTimeout(300);
        await screenshot(admin$.page, `desk-${locale}-${name}-desktop`);
      }
      await admin$.context.close();
    });
  }
});

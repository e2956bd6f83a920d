import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, myDeposits, openDesktopPage, reportDeposit, uploadImage } from './support/admin';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, registerUser } from './support/funding';

/*
 * A user deposits with a screenshot as proof, an admin approves it in the back office (#/admin), and
 * the user's balance shows the money. The user-facing deposit screens are not built yet, so the user
 * side runs through the API from this test (upload via multipart, report the deposit, both with the
 * user's token); the user signs in and reads the balance in a phone-sized browser, and everything
 * the admin does happens in the browser at desktop size, then again at phone size for screenshots.
 */

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
/** USDT on TRC20: a crypto channel, so approving needs at least 3 network confirmations. */
const USDT_CHANNEL = 3;

let browser: Browser;
let desk: Page;
let phone: Page;
let errors: string[][] = [];
let user: TestUser;
let depositId = 0;

async function shot(page: Page, name: string, fullPage = false) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.screenshot({ path: join(artifacts, `admin-${name}.png`), fullPage });
}

function route(page: Page): string {
  return new URL(page.url()).hash;
}

/** Waits until the private image has really been drawn from its object URL. */
async function imageShown(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true }).first();
  await image.waitFor();
  await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await image.elementHandle());
  return image;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const desktop = await openDesktopPage(browser);
  const mobile = await openPhonePage(browser);
  desk = desktop.page;
  phone = mobile.page;
  errors = [desktop.errors, mobile.errors];
  user = await registerUser(access, `e2e-admin-${Date.now()}@example.com`, 'Sail-Wind-4821');
});

afterAll(async () => {
  await browser?.close();
});

describe('a deposit approved in the back office', () => {
  it('turns a visitor away from #/admin and lets the admin in once signed in', async () => {
    await desk.goto(`${baseUrl}/#/admin`);
    await desk.getByRole('heading', { name: 'Admins only' }).waitFor();
    await shot(desk, '00-gate-visitor-desktop');
    await desk.getByRole('link', { name: 'Sign in' }).click();
    await desk.waitForURL((url) => url.hash === '#/pages/auth/login');

    // The login page returns only to /pages/… routes, so the admin lands on the Account tab first.
    await logInOnPage(desk, access.adminEmail, access.adminPassword);
    await desk.goto(`${baseUrl}/#/admin`);
    await desk.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('the user signs in on the phone, has nothing yet, and reports a USDT deposit with a screenshot', async () => {
    await phone.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(phone, user.email, user.password);
    await phone.getByTestId('account-total-assets').filter({ hasText: '$0.00' }).waitFor();
    await shot(phone, '01-user-before-phone');

    // The user's "payment proof" is a real screenshot of their phone, as a JPEG.
    const screenshot = await phone.screenshot({ type: 'jpeg', quality: 80 });
    const credentialUrl = await uploadImage(baseUrl, user.token, screenshot, 'transfer-screenshot.jpg');
    expect(credentialUrl).toMatch(/^\/file\/[a-f0-9]{32}\.jpg$/);
    const deposit = await reportDeposit(baseUrl, user.token, { channelId: USDT_CHANNEL, amount: '250', credentialUrl });
    expect(deposit).toMatchObject({ status: 1, amount: 250, channelId: USDT_CHANNEL });
    depositId = deposit.id;

    // Not an admin: the back office says so instead of showing empty queues.
    await phone.goto(`${baseUrl}/#/admin`);
    await phone.getByRole('heading', { name: 'Admins only' }).waitFor();
    await phone.getByText(`You are signed in as ${user.email}, which is not an admin account.`).waitFor();
    await shot(phone, '02-gate-user-phone');

    // Back to the Account tab, where the user waits for the money.
    await phone.goto(`${baseUrl}/#/pages/profile/index`);
    await phone.getByTestId('account-total-assets').filter({ hasText: '$0.00' }).waitFor();
  });

  it('the admin sees it waiting and opens its proof, fetched with the session', async () => {
    await desk.reload();
    const waiting = desk.getByRole('link', { name: /Deposits to review/ });
    await waiting.locator('.bo-stat-value').filter({ hasText: /^[1-9]\d*$/ }).waitFor();
    await shot(desk, '03-dashboard-desktop');

    await waiting.click();
    await desk.waitForURL((url) => url.hash === '#/admin/deposits');
    const row = desk.getByRole('row', { name: `Deposit #${depositId}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('250.00 USD');
    await shot(desk, '04-deposits-queue-desktop');

    await row.click();
    const detail = desk.getByRole('dialog', { name: `Deposit #${depositId}` });
    await detail.waitFor();
    const proof = await imageShown(desk, 'Payment proof');
    expect(await proof.getAttribute('src')).toMatch(/^blob:/);
    await shot(desk, '05-deposit-detail-desktop');

    await detail.getByRole('button', { name: 'Open Payment proof full size' }).click();
    const viewer = desk.getByRole('dialog', { name: 'Payment proof' });
    await viewer.waitFor();
    await shot(desk, '06-proof-full-size-desktop');
    await desk.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await detail.waitFor();
  });

  it('approving asks for at least 3 confirmations, then credits the deposit and clears it from the queue', async () => {
    const detail = desk.getByRole('dialog', { name: `Deposit #${depositId}` });
    await detail.getByRole('button', { name: 'Approve' }).click();
    const confirm = desk.getByRole('dialog', { name: `Approve deposit #${depositId}?` });
    await confirm.waitFor();
    const confirmations = confirm.getByLabel('Network confirmations seen');
    await confirmations.fill('2');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await confirm.getByText('Enter a whole number of at least 3.').waitFor();
    await shot(desk, '07-approve-confirmations-desktop');

    await confirmations.fill('6');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await confirm.waitFor({ state: 'detached' });
    await detail.waitFor({ state: 'detached' });
    await desk.getByRole('row', { name: `Deposit #${depositId}` }).waitFor({ state: 'detached' });

    await desk.getByRole('button', { name: 'Approved', exact: true }).click();
    const approvedRow = desk.getByRole('row', { name: `Deposit #${depositId}` });
    await approvedRow.waitFor();
    expect(await approvedRow.textContent()).toContain('Approved');
    await shot(desk, '08-deposits-approved-desktop');

    const [mine] = await myDeposits(baseUrl, user.token);
    expect(mine).toMatchObject({ id: depositId, status: 3 });
  });

  it('the user’s balance shows the money without a reload (pushed over /ws)', async () => {
    await phone.getByTestId('account-total-assets').filter({ hasText: '$250.00' }).waitFor();
    expect(route(phone)).toBe('#/pages/profile/index');
    await shot(phone, '09-user-after-phone');
  });

  it('the admin finds the user with the credited wallet, and the audit log shows the approval', async () => {
    await desk.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Users' }).click();
    await desk.getByLabel('Search by e-mail or name').fill(user.email);
    const row = desk.getByRole('row', { name: user.email });
    await row.waitFor();
    await shot(desk, '10-users-desktop');
    await row.click();
    await desk.waitForURL((url) => url.hash === `#/admin/users/${user.id}`);
    const wallets = desk.getByRole('table', { name: 'Wallets' });
    await wallets.getByRole('row').filter({ hasText: 'Funding' }).filter({ hasText: '250.00 USD' }).first().waitFor();
    await desk.getByRole('table', { name: 'Latest postings' }).getByText('+250.00 USD').waitFor();
    await shot(desk, '11-user-detail-desktop', true);

    await desk.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Audit log' }).click();
    const audit = desk.getByRole('table', { name: 'Audit log' });
    const approval = audit.getByRole('row').filter({ hasText: `deposit:${depositId}` }).filter({ hasText: 'deposit.approve' });
    await approval.waitFor();
    const change = approval.getByRole('table');
    expect(await change.getByRole('row').filter({ hasText: 'status' }).textContent()).toBe('statusPending\u00a0(1)Approved\u00a0(3)');
    expect(await change.getByRole('row').filter({ hasText: 'confirmations' }).textContent()).toBe('confirmations—6');
    await shot(desk, '12-audit-desktop');
    expect(route(desk)).toBe('#/admin/audit');
  });

  it('works at phone size too', async () => {
    const { page, errors: phoneAdminErrors } = await openPhonePage(browser);
    errors.push(phoneAdminErrors);
    await page.goto(`${baseUrl}/#/admin`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await logInOnPage(page, access.adminEmail, access.adminPassword);
    await page.goto(`${baseUrl}/#/admin`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.locator('.bo-stat-value').first().filter({ hasText: /^\d+$/ }).waitFor();
    await shot(page, '13-dashboard-phone');

    await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Deposits' }).click();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    const row = page.getByRole('row', { name: `Deposit #${depositId}` });
    await row.waitFor();
    await shot(page, '14-deposits-queue-phone');
    await row.click();
    await page.getByRole('dialog', { name: `Deposit #${depositId}` }).waitFor();
    await imageShown(page, 'Payment proof');
    await shot(page, '15-deposit-detail-phone');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/#/admin/users`);
    await page.getByRole('row', { name: user.email }).waitFor();
    await shot(page, '16-users-phone');
    await page.goto(`${baseUrl}/#/admin/users/${user.id}`);
    await page.getByRole('table', { name: 'Wallets' }).waitFor();
    await shot(page, '17-user-detail-phone');
    await page.goto(`${baseUrl}/#/admin/audit`);
    await page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'deposit.approve' }).first().waitFor();
    await shot(page, '18-audit-phone');
    await page.context().close();
  });

  it('raised no page errors or CSP violations', () => {
    expect(errors.flat()).toEqual([]);
  });
});

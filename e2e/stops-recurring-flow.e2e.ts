import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute } from './support/page';

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const quotePath = '/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;

const shot = (name: string) => screenshot(page, `stops-recurring-${name}`);

beforeAll(async () => {
  user = await registerUser(admin, `e2e-recurring-${Date.now()}@example.com`, 'Plan-Wind-7315');
  await creditWallet(admin, user.id, 'STOCK', 10_000);
  await grantTrading(admin, user);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('stop orders and recurring plans at phone size', () => {
  it('places a buy stop above the price: it rests in Orders with its trigger, and is cancelled', async () => {
    await logIn(page, baseUrl, user);
    await page.goto(`${baseUrl}/#${quotePath}`);
    const last = Number(((await page.getByTestId('quote-last-price').textContent()) ?? '').replace(/[^\d.]/g, ''));
    await page.locator('.trade-bar').getByRole('link', { name: 'Buy' }).click();
    await waitForRoute(page, '/pages/payment/stock');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const trigger = (Math.ceil(last * 1.2 * 100) / 100).toFixed(2);
    await page.getByRole('textbox', { name: 'Trigger price' }).fill(trigger);
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await shot('01-stop-order');
    await page.locator('.order-submit-bar').getByRole('button', { name: 'Buy up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await waitForRoute(page, '/pages/trade/index');
    const trig = page.getByTestId('order-trigger');
    await trig.waitFor();
    expect(await trig.textContent()).toContain('Waiting for trigger');
    await shot('02-resting-stop');
    await page.getByRole('button', { name: 'Cancel order' }).first().click();
    await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
    await trig.waitFor({ state: 'detached' });
  });

  it('starts a daily plan from the quote page one minute ahead and sees its first run buy', async () => {
    await page.goto(`${baseUrl}/#${quotePath}`);
    await page.getByRole('link', { name: 'Recurring investment' }).click();
    await waitForRoute(page, '/pages/recurring/index');
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByRole('textbox', { name: 'Amount per run (USD)' }).fill('600');
    await form.getByRole('button', { name: 'Daily' }).click();
    // The next whole minute (two when this one is nearly over), in UTC.
    const now = new Date();
    const at = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + (now.getUTCSeconds() > 45 ? 2 : 1) * 60_000);
    const time = at.toISOString().slice(11, 16);
    await form.getByRole('textbox', { name: 'Time (UTC)' }).fill(time);
    await shot('03-new-plan');
    await form.getByRole('button', { name: 'Start plan' }).click();
    await page.getByTestId('plan-every').filter({ hasText: `Every day at ${time} UTC` }).waitFor();
    await shot('04-plan-listed');

    // The sweep runs it at that minute: the runs list shows the buy.
    const deadline = Date.now() + 150_000;
    let bought = '';
    while (!bought && Date.now() < deadline) {
      await page.waitForTimeout(5_000);
      await page.reload();
      await page.getByRole('button', { name: 'Runs' }).click();
      await page.locator('.recurring-runs').waitFor();
      bought = (await page.getByTestId('plan-run').allTextContents()).find((text) => text.includes('Bought')) ?? '';
    }
    expect(bought).toMatch(/Bought \d+ at [\d,.]+ for \$[\d,.]+/);
    await shot('05-plan-ran');
    await page.goto(`${baseUrl}/#/pages/trade/index`);
    await page.getByRole('article', { name: 'Apple Inc AAPL' }).first().waitFor();
    expect(pageErrors).toEqual([]);
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedInPhonePage } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/**
 * Issue 20 at 390×844: a GTC limit order placed from the order page rests with "Good till
 * cancelled" and its expiry, and the history names it; the Day / GTC control in Thai and German
 * stays inside the order card (screenshots to look at).
 */
const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const stockOrder = '/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0';

let browser: Browser;
let user: TestUser;
const contexts: BrowserContext[] = [];

async function phonePage(locale: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await openSignedInPhonePage(browser, user.token, { locale });
  contexts.push(context);
  return { page, errors };
}

/** The stock order page with Limit chosen (the second order type), whatever the language. */
async function limitForm(page: Page) {
  await page.goto(`${baseUrl}/#${stockOrder}`);
  await page.getByTestId('order-last-price').waitFor();
  await page.locator('.order-card .order-leverage').first().getByRole('button').nth(1).click();
  await page.locator('.time-in-force').waitFor();
}

/** Every element of the order card lies within the card's width, and no button clips its label. */
async function expectNothingSpillsOut(page: Page) {
  const spilled = await page.evaluate(() => {
    const out: string[] = [];
    for (const card of Array.from(document.querySelectorAll('.order-card'))) {
      const box = card.getBoundingClientRect();
      for (const el of Array.from(card.querySelectorAll('button, label, .field-label, .form-hint, input'))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(`${el.tagName} ${el.textContent?.slice(0, 30) ?? ''}`);
        if (el instanceof HTMLElement && el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) out.push(`clipped ${el.textContent?.slice(0, 30) ?? ''}`);
      }
    }
    return out;
  });
  expect(spilled).toEqual([]);
}

beforeAll(async () => {
  user = await registerUser(admin, `e2e-tif-${Date.now()}@example.com`, 'Trade-Wind-6251');
  await creditWallet(admin, user.id, 'STOCK', 50_000);
  await grantTrading(admin, user);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('time in force, 390×844', () => {
  it('places a GTC limit order and sees "Good till cancelled" on the resting order and in the history', async () => {
    const { page, errors } = await phonePage('en');
    await limitForm(page);
    const control = page.getByRole('group', { name: 'Time in force' });
    expect(await control.getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe('true');
    await control.getByRole('button', { name: 'GTC' }).click();
    expect(await page.getByTestId('tif-hint').textContent()).toBe('Stays until filled or cancelled, at most 90 days.');
    const last = Number(((await page.getByTestId('order-last-price').textContent()) ?? '').replace(/[$,]/g, ''));
    const limit = (Math.floor(last * 0.8 * 100) / 100).toFixed(2);
    await page.locator('input[name="price"]').fill(limit);
    await page.locator('input[name="quantity"]').fill('1');
    await expectNothingSpillsOut(page);
    await screenshot(page, 'time-in-force-en-order');

    const created = page.waitForResponse((response) => response.url().endsWith('/stock/create'));
    await page.locator('.order-submit-bar').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm order' });
    await dialog.getByText('Good till cancelled').waitFor();
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const placed = (await answer.json()) as { data: { status: number; timeInForce: string; expiresTimestamp: number } };
    expect(placed.data).toMatchObject({ status: 0, timeInForce: 'GTC' });
    // 90 days from now, give or take the time the test took.
    expect(Math.abs(placed.data.expiresTimestamp - (Date.now() / 1000 + 90 * 86_400))).toBeLessThan(600);

    await waitForRoute(page, '/pages/trade/index');
    const resting = page.getByRole('article', { name: 'Apple Inc AAPL' });
    expect(await resting.getByTestId('order-tif').textContent()).toMatch(/^Good till cancelled · Expires /);
    // The time in force and its expiry wrap inside the card rather than run out of it or get cut off.
    const cut = await resting.evaluate((card) => {
      const box = card.getBoundingClientRect();
      return Array.from(card.querySelectorAll('dd'))
        .filter((dd) => dd.getBoundingClientRect().right > box.right + 1 || dd.scrollWidth > dd.clientWidth + 1)
        .map((dd) => dd.textContent);
    });
    expect(cut).toEqual([]);
    await screenshot(page, 'time-in-force-en-resting');

    await page.getByRole('button', { name: 'History' }).click();
    const row = page.getByRole('list', { name: 'All orders' }).getByRole('listitem').first();
    expect(await row.getByTestId('order-tif').textContent()).toBe('Good till cancelled');
    await screenshot(page, 'time-in-force-en-history');
    expect(errors).toEqual([]);
  });

  for (const locale of ['th', 'de']) {
    it(`${locale}: the Day / GTC control and its hint stay inside the order card`, async () => {
      const { page, errors } = await phonePage(locale);
      await limitForm(page);
      await expectNothingSpillsOut(page);
      await screenshot(page, `time-in-force-${locale}-order`);
      await page.locator('.time-in-force').getByRole('button').nth(1).click();
      await expectNothingSpillsOut(page);
      expect(errors).toEqual([]);
    });
  }
});

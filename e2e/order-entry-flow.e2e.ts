import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/**
 * Issue 18 item 4 at 390×844: take-profit and stop-loss set with a market buy show on the position;
 * a futures order on the next contract month shows that contract and its expiry; the order form's
 * new controls in Thai and German stay inside their boxes (screenshots to look at).
 */
const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const stockOrder = '/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0';
const goldOrder = '/pages/payment/future?name=Gold&code=GC&source=3&direction=0';

let browser: Browser;
let user: TestUser;
const contexts: BrowserContext[] = [];

async function phonePage(locale: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
  contexts.push(context);
  await context.addInitScript(
    ({ token, chosen }: { token: string; chosen: string }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('UNI_LOCALE', chosen);
    },
    { token: user.token, chosen: locale },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function placeAndConfirm(page: Page, path: string) {
  const created = page.waitForResponse((response) => response.url().endsWith(path));
  await page.locator('.order-submit-bar').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Confirm order' });
  await dialog.getByRole('button', { name: 'Place order' }).click();
  expect((await created).status()).toBe(200);
  await waitForRoute(page, '/pages/trade/index');
}

/** Every element of the order card lies within the card's width (long Thai and German labels wrap, not spill). */
async function expectNothingSpillsOut(page: Page, cards = '.order-card', parts = 'button, label, .field-label, .form-hint, input, legend') {
  const spilled = await page.evaluate(([cardSelector, partSelector]) => {
    const out: string[] = [];
    for (const card of Array.from(document.querySelectorAll(cardSelector))) {
      const box = card.getBoundingClientRect();
      for (const el of Array.from(card.querySelectorAll(partSelector))) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(`${el.tagName} ${el.textContent?.slice(0, 30) ?? ''}`);
        if (el instanceof HTMLElement && el.scrollWidth > el.clientWidth + 1 && el.tagName === 'BUTTON') out.push(`clipped ${el.textContent?.slice(0, 30) ?? ''}`);
      }
    }
    return out;
  }, [cards, parts] as const);
  expect(spilled).toEqual([]);
}

beforeAll(async () => {
  user = await registerUser(admin, `e2e-entry-${Date.now()}@example.com`, 'Trade-Wind-6251');
  await creditWallet(admin, user.id, 'STOCK', 50_000);
  await creditWallet(admin, user.id, 'FUTURE', 200_000);
  await grantTrading(admin, user);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('orders a trader can get right the first time, 390×844', () => {
  it('a market buy with take-profit and stop-loss at entry shows them on the position', async () => {
    const { page, errors } = await phonePage('en');
    await page.goto(`${baseUrl}/#${stockOrder}`);
    const last = Number(((await page.getByTestId('order-last-price').textContent()) ?? '').replace(/[$,]/g, ''));
    expect(last).toBeGreaterThan(0);
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    // A take-profit below the price is refused on the device, before any dialog.
    await page.getByLabel('Take-profit').fill((last * 0.9).toFixed(2));
    await page.locator('.order-submit-bar').getByRole('button').click();
    await page.getByText(/For buy-up, the take-profit must be above/).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'order-entry-en-01-refused');

    const takeProfit = (last * 1.2).toFixed(2);
    const stopLoss = (last * 0.8).toFixed(2);
    await page.getByLabel('Take-profit').fill(takeProfit);
    await page.getByLabel('Stop-loss').fill(stopLoss);
    await screenshot(page, 'order-entry-en-02-levels');
    await placeAndConfirm(page, '/stock/create');
    const card = page.getByRole('article', { name: 'Apple Inc AAPL' });
    await card.waitFor();
    const levels = (await card.getByTestId('position-tpsl').textContent()) ?? '';
    expect(levels.replace(/,/g, '')).toBe(`${Number(takeProfit).toFixed(2)} / ${Number(stopLoss).toFixed(2)}`);
    await screenshot(page, 'order-entry-en-03-position');
    expect(errors).toEqual([]);
  });

  it('a futures order on the next month shows its contract and expiry on the position', async () => {
    const { page, errors } = await phonePage('en');
    await page.goto(`${baseUrl}/#${goldOrder}`);
    await page.getByTestId('contract-unit').waitFor();
    expect(await page.getByTestId('contract-unit').textContent()).toBe('Prices in $ per troy oz · tick 0.1');
    const months = page.getByRole('group', { name: 'Contract month' }).getByRole('button');
    expect(await months.count()).toBeGreaterThanOrEqual(2);
    await months.nth(1).click();
    const chosen = ((await page.getByTestId('contract-expiry').textContent()) ?? '').split(' · ')[0] ?? '';
    expect(chosen).toMatch(/^GC[FGHJKMNQUVXZ]\d{2}$/);
    await page.getByLabel('Quantity', { exact: true }).fill('1');
    await page.getByRole('button', { name: '20×' }).click();
    await screenshot(page, 'order-entry-en-04-futures');
    await placeAndConfirm(page, '/gold/create');
    const card = page.getByRole('article', { name: /GC$/ });
    await card.waitFor();
    expect(await card.getByTestId('position-contract').textContent()).toMatch(new RegExp(`^${chosen} · Expires \\d{2}/\\d{2}/\\d{4}$`));
    // The contract row does not push the card's other figures out of it.
    await expectNothingSpillsOut(page, '.position-card', 'dt, dd, button, a');
    await screenshot(page, 'order-entry-en-05-futures-position');

    // Corn is quoted in cents per bushel: its quote page and order page say so, with its tick.
    await page.goto(`${baseUrl}/#/pages/quote/future?name=Corn&code=ZC&source=3&market=CBOT`);
    await page.getByText('Prices in cents per bushels · tick 0.25').waitFor();
    await screenshot(page, 'order-entry-en-06-corn-quote');
    await page.goto(`${baseUrl}/#/pages/payment/future?name=Corn&code=ZC&source=3&direction=0`);
    expect(await page.getByTestId('contract-unit').textContent()).toBe('Prices in cents per bushels · tick 0.25');
    expect(errors).toEqual([]);
  });

  for (const locale of ['th', 'de']) {
    it(`${locale}: the order form's levels, contract month and lot controls stay inside the card`, async () => {
      const { page, errors } = await phonePage(locale);
      await page.goto(`${baseUrl}/#${stockOrder}`);
      await page.getByTestId('order-last-price').waitFor();
      await page.locator('.entry-levels').waitFor();
      await expectNothingSpillsOut(page);
      await screenshot(page, `order-entry-${locale}-stock`);
      await page.goto(`${baseUrl}/#${goldOrder}`);
      await page.getByTestId('contract-unit').waitFor();
      await expectNothingSpillsOut(page);
      await screenshot(page, `order-entry-${locale}-futures`);
      await page.goto(`${baseUrl}/#/pages/payment/stock?name=TSMC&code=2330&source=7&direction=0`);
      await page.getByTestId('order-last-price').waitFor();
      await page.locator('input[name="quantity"]').fill('2');
      await page.getByTestId('tw-shares').waitFor();
      await expectNothingSpillsOut(page);
      await screenshot(page, `order-entry-${locale}-taiwan`);
      expect(errors).toEqual([]);
    });
  }
});

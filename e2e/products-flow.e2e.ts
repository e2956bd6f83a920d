import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser, verifyIdentity } from './support/funding';
import { logIn, screenshot, waitForRoute as waitForPageRoute } from './support/page';

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;

const shot = (name: string) => screenshot(page, `products-${name}`);

const waitForRoute = (path: string) => waitForPageRoute(page, path);

async function confirmDialog(name: string, button: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  user = await registerUser(admin, `e2e-products-${Date.now()}@example.com`, 'Trade-Wind-8142');
  // NT$2,000,000 in the Taiwan wallet: enough for one board lot of TSMC.
  await creditWallet(admin, user.id, 'TW', 2_000_000, 'TWD');
  // Trading permission needs a verified identity (issue 20): verified here, the page's Apply grants it at once.
  await verifyIdentity(admin, user);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('product pages at phone size', () => {
  it('home leads to the Taiwan page, whose rules come before the TWSE list', async () => {
    await page.goto(`${baseUrl}/#/pages/home/index`);
    await page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Taiwan stocks' }).click();
    await waitForRoute('/pages/product/taiwan');
    await page.getByRole('region', { name: 'How Taiwan stocks trade' }).waitFor();
    // The TWSE list, paged, priced in NT$.
    await page.getByRole('list', { name: 'Taiwan' }).getByRole('link').first().waitFor();
    await shot('01-taiwan');
  });

  it('a funded user buys a board lot of TSMC in NT$ from the Taiwan page', async () => {
    await logIn(page, baseUrl, user);

    // 2330 is not on the list's first page: found by search, narrowed to Taiwan stocks.
    await page.goto(`${baseUrl}/#/pages/search/index`);
    await page.getByRole('button', { name: 'Taiwan' }).click();
    await page.getByRole('searchbox').fill('2330');
    await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: /Taiwan Semiconductor Manufacturing/ }).click();
    await waitForRoute('/pages/quote/stock');
    await page.getByTestId('quote-last-price').waitFor();
    await page.locator('.trade-bar').getByRole('link', { name: 'Buy' }).click();
    await waitForRoute('/pages/payment/stock');
    await page.getByTestId('preview-available').filter({ hasText: 'NT$2,000,000.00' }).waitFor();
    // Board or odd lot is chosen up front; a board lot is counted in lots of 1,000 shares.
    await page.getByRole('button', { name: 'Board lot', pressed: true }).waitFor();
    await page.getByLabel('Lots (1 lot = 1,000 shares)').fill('1');
    expect(await page.getByTestId('tw-shares').textContent()).toBe('= 1000 shares');
    await page.waitForFunction(() => /^NT\$[\d,]+\.\d{2}$/.test(document.querySelector('[data-testid="preview-margin"]')?.textContent ?? ''));
    await shot('02-taiwan-order');

    const submit = page.locator('.order-submit-bar').getByRole('button', { name: 'Buy up' });
    await submit.click();
    const created = page.waitForResponse((response) => response.url().endsWith('/twStock/create'));
    await confirmDialog('Confirm order', 'Place order');
    if ((await created).status() === 403) {
      // A new account applies for trading permission on the way (granted at once on a default server).
      const apply = page.getByRole('button', { name: 'Apply' });
      await apply.click();
      await apply.waitFor({ state: 'detached' });
      await submit.click();
      const retried = page.waitForResponse((response) => response.url().endsWith('/twStock/create'));
      await confirmDialog('Confirm order', 'Place order');
      expect((await retried).status()).toBe(200);
    }
    await waitForRoute('/pages/trade/index');
    const position = page.getByRole('article', { name: /Taiwan Semiconductor Manufacturing 2330/ });
    await position.waitFor();
    expect(await position.getByTestId('position-quantity').textContent()).toBe('1000');
    expect(await position.getByTestId('position-profit').textContent()).toMatch(/^[+-]?NT\$[\d,]+\.\d{2}$/);
    await shot('03-taiwan-position');
  });

  it('popular counts that order; futures list their groups; block trades ask for the permission first', async () => {
    await page.goto(`${baseUrl}/#/pages/product/popular`);
    await page.getByRole('region', { name: 'Most traded' }).getByText('Taiwan Semiconductor Manufacturing').waitFor();
    await shot('04-popular');

    await page.goto(`${baseUrl}/#/pages/product/future`);
    await page.getByRole('region', { name: 'How futures trade' }).waitFor();
    await page.getByText('Gold').first().waitFor();
    await page.getByRole('button', { name: 'Energy' }).click();
    await page.getByText('Crude Oil').first().waitFor();
    await shot('05-futures');

    await page.goto(`${baseUrl}/#/pages/product/blocktrade`);
    await page.getByRole('link', { name: 'Apply for block trading' }).waitFor();
    await shot('06-block-trade');
    expect(pageErrors).toEqual([]);
  });
});

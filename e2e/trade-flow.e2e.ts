import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser, verifyIdentity } from './support/funding';
import { logIn, screenshot, waitForRoute as waitForPageRoute } from './support/page';

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const quotePath = '/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;

const shot = (name: string) => screenshot(page, `trade-${name}`);

const waitForRoute = (path: string) => waitForPageRoute(page, path);

/** Resolves once the element's text differs from what it shows now (pushed over /ws, no reload). */
async function waitForTextChange(selector: string, timeout = 30_000): Promise<{ before: string; after: string }> {
  const before = (await page.locator(selector).first().textContent()) ?? '';
  const handle = await page.waitForFunction(
    ([sel, initial]) => {
      const text = document.querySelector(sel)?.textContent ?? '';
      return text !== '' && text !== initial ? text : false;
    },
    [selector, before] as const,
    { timeout, polling: 100 },
  );
  return { before, after: String(await handle.jsonValue()) };
}

const positionCard = () => page.getByRole('article', { name: 'Apple Inc AAPL' });

/** Confirms the dialog that is open; the dialog fades in, so its button is waited for. */
async function confirmDialog(name: string, button: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Closes the position from the Trade tab: Half, or the default of all of it. */
async function closePosition(part: 'half' | 'all') {
  await positionCard().getByRole('link', { name: 'Close' }).click();
  await waitForRoute('/pages/payment/close');
  const quantity = page.getByLabel('Quantity to close');
  await page.getByTestId('close-estimated-profit').waitFor();
  if (part === 'half') await page.getByRole('button', { name: 'Half' }).click();
  await shot(part === 'half' ? '05-close-half' : '07-close-all');
  const closing = await quantity.inputValue();
  await page.locator('.order-submit-bar').getByRole('button', { name: 'Close position' }).click();
  await confirmDialog('Close position?', 'Close position');
  await waitForRoute('/pages/trade/index');
  return Number(closing);
}

beforeAll(async () => {
  // A funded user without the deposit screens: the back office credits the stock wallet.
  user = await registerUser(admin, `e2e-trade-${Date.now()}@example.com`, 'Trade-Wind-5937');
  await creditWallet(admin, user.id, 'STOCK', 10_000);
  // Trading permission needs a verified identity (issue 20): verified here, the page's Apply grants it at once.
  await verifyIdentity(admin, user);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('trading at phone size', () => {
  it('logs in and sees the funded account', async () => {
    await logIn(page, baseUrl, user);
    await page.getByTestId('account-total-assets').filter({ hasText: '$10,000.00' }).waitFor();
    await shot('01-account-funded');
  });

  it('buys a US stock at market from its quote page', async () => {
    await page.goto(`${baseUrl}/#${quotePath}`);
    await page.getByTestId('quote-last-price').waitFor();
    await page.locator('.trade-bar').getByRole('link', { name: 'Buy' }).click();
    await waitForRoute('/pages/payment/stock');

    await page.getByTestId('order-last-price').waitFor();
    await page.getByTestId('preview-available').filter({ hasText: '$10,000.00' }).waitFor();
    await page.getByLabel('Quantity', { exact: true }).fill('10');
    await page.getByRole('button', { name: '5×' }).click();
    const margin = page.getByTestId('preview-margin');
    await page.waitForFunction(() => /^\$[\d,]+\.\d{2}$/.test(document.querySelector('[data-testid="preview-margin"]')?.textContent ?? ''));
    expect(await margin.textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    await shot('02-order-form');

    const session = await page.evaluate(() => window.localStorage.getItem('token'));
    const submit = page.locator('.order-submit-bar').getByRole('button', { name: 'Buy up' });
    await submit.click();
    await shot('03-order-confirm');
    const created = page.waitForResponse((response) => response.url().endsWith('/stock/create'));
    await confirmDialog('Confirm order', 'Place order');
    const first = await created;

    if (first.status() === 403) {
      // A new account has no trading permission yet: the page offers to apply (SPEC §4), and stays logged in.
      const apply = page.getByRole('button', { name: 'Apply' });
      await apply.waitFor();
      await shot('03b-permission');
      await apply.click();
      await apply.waitFor({ state: 'detached' });
      await submit.click();
      const retried = page.waitForResponse((response) => response.url().endsWith('/stock/create'));
      await confirmDialog('Confirm order', 'Place order');
      expect((await retried).status()).toBe(200);
      expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBe(session);
    } else {
      expect(first.status()).toBe(200);
    }
    expect(first.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    await waitForRoute('/pages/trade/index');
    await positionCard().waitFor();
    expect(await positionCard().getByTestId('position-quantity').textContent()).toBe('10');
    expect(await positionCard().getByText('Buy up').count()).toBe(1);
  });

  it('sees the position move live', async () => {
    const { before, after } = await waitForTextChange('[data-testid="position-now-price"]');
    expect(after).not.toBe(before);
    expect(await positionCard().getByTestId('position-profit').textContent()).toMatch(/^[+-]?\$[\d,]+\.\d{2}$/);
    await shot('04-position-live');
  });

  it('closes half of it, then the rest', async () => {
    const closed = await closePosition('half');
    expect(closed).toBe(5);
    await page.waitForFunction(() => document.querySelector('[data-testid="position-quantity"]')?.textContent === '5');
    await shot('06-after-half');

    await closePosition('all');
    await page.getByText('No open positions').waitFor();

    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Closed positions' }).click();
    const closedList = page.getByRole('list', { name: 'Closed positions' });
    await closedList.getByTestId('realised-profit').first().waitFor();
    expect(await closedList.getByTestId('realised-profit').first().textContent()).toMatch(/^[+-]?\$[\d,]+\.\d{2}$/);
    await shot('08-history');
  });

  it('sees the trades in the wallet bill', async () => {
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).click();
    await waitForRoute('/pages/profile/index');
    await page.getByRole('navigation', { name: 'Funds' }).getByRole('link', { name: 'Transactions' }).click();
    await waitForRoute('/pages/profile/transaction');

    const bill = page.getByRole('list', { name: 'Transactions' });
    await bill.getByRole('listitem').first().waitFor();
    const titles = await bill.locator('.history-title').allTextContents();
    expect(titles).toEqual(['Position closed', 'Position closed', 'Position opened', 'Deposit']);
    const amounts = await bill.getByTestId('bill-amount').allTextContents();
    expect(amounts[2]).toMatch(/^-\$[\d,]+\.\d{2}$/);
    expect(amounts[3]).toBe('+$10,000.00');
    expect(await bill.getByTestId('bill-amount').nth(2).getAttribute('class')).toContain('trend-fall');
    await shot('09-wallet-bill');
    expect(pageErrors).toEqual([]);
  });
});

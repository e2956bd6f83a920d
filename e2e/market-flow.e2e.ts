import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { latestEmailCode } from './support/outbox';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let page: Page;
let pageErrors: string[];
/** The instrument opened from the Market tab. */
let code = '';

async function shot(name: string) {
  await page.screenshot({ path: join(artifacts, `market-${name}.png`) });
}

async function waitForRoute(path: string) {
  await page.waitForURL((url) => url.hash === `#${path}` || url.hash.startsWith(`#${path}?`));
}

/** Resolves once the element's text differs from what it shows now (live quotes, no reload). */
async function waitForTextChange(selector: string, timeout = 20_000): Promise<{ before: string; after: string }> {
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

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('markets, quotes and the watchlist in the browser', () => {
  const email = `e2e-market-${Date.now()}@example.com`;
  const password = 'Trade-Wind-5937';

  it('registers a user', async () => {
    await page.goto(`${baseUrl}/#/pages/auth/register`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    const emailCode = await latestEmailCode(admin, email);
    await page.getByLabel('Verification code', { exact: true }).fill(emailCode);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForRoute('/pages/profile/index');
  });

  it('opens the Market tab and browses the lists', async () => {
    const tabs = page.getByRole('navigation', { name: 'Main navigation' });
    await tabs.getByRole('link', { name: 'Market' }).click();
    await waitForRoute('/pages/market/index');

    const nasdaq = page.getByRole('list', { name: 'NASDAQ' });
    await nasdaq.getByRole('link').first().waitFor();
    expect(await nasdaq.getByRole('link').count()).toBeGreaterThan(5);
    await shot('01-us-nasdaq');

    await page.getByRole('tab', { name: 'Futures' }).click();
    await page.getByRole('list', { name: 'Metals' }).getByRole('link', { name: /Gold/ }).first().waitFor();
    await shot('02-futures');

    await page.getByRole('tab', { name: 'US stocks' }).click();
    await nasdaq.getByRole('link').first().waitFor();
  });

  it('opens a quote and switches chart ranges, the chart drawing on a canvas', async () => {
    const firstRow = page.getByRole('list', { name: 'NASDAQ' }).getByRole('link').first();
    code = (await firstRow.getAttribute('data-code')) ?? '';
    expect(code).not.toBe('');
    await firstRow.click();
    await waitForRoute('/pages/quote/stock');
    expect(new URL(page.url()).hash).toContain(`code=${encodeURIComponent(code)}`);

    await page.getByTestId('quote-last-price').waitFor();
    expect(await page.getByTestId('quote-last-price').textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);

    const ranges = page.getByRole('group', { name: 'Chart range' });
    const canvas = page.locator('.price-chart canvas').first();
    await canvas.waitFor();
    expect(await page.locator('.price-chart').getAttribute('data-kind')).toBe('area');
    expect(await ranges.getByRole('button', { name: 'Intraday' }).getAttribute('aria-pressed')).toBe('true');

    for (const range of ['1D', '1W', '1Y']) {
      const answer = page.waitForResponse((response) => response.url().includes('/m_ft/kline') && response.url().includes(`type=${range}`));
      await ranges.getByRole('button', { name: range, exact: true }).click();
      expect((await answer).status()).toBe(200);
      expect(await ranges.getByRole('button', { name: range, exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await ranges.getByRole('button', { name: 'Intraday' }).getAttribute('aria-pressed')).toBe('false');
      await page.waitForFunction(() => !document.querySelector('.chart-body-loading'));
      expect(await page.locator('.price-chart').getAttribute('data-kind')).toBe('candle');
    }

    // The canvas has been drawn on: some of its pixels are not blank.
    const box = await canvas.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThan(150);
    const painted = await page.evaluate(() => {
      const layers = Array.from(document.querySelectorAll<HTMLCanvasElement>('.price-chart canvas'));
      return layers.some((layer) => {
        const context = layer.getContext('2d');
        if (!context || layer.width === 0 || layer.height === 0) return false;
        const { data } = context.getImageData(0, 0, layer.width, layer.height);
        for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
        return false;
      });
    });
    expect(painted).toBe(true);
    await shot('03-quote-candles');

    await page.getByRole('button', { name: 'Show line chart' }).click();
    expect(await page.locator('.price-chart').getAttribute('data-kind')).toBe('line');
  });

  it('adds the instrument to the watchlist with the star', async () => {
    const star = page.getByRole('button', { name: 'Add to watchlist' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse((response) => response.url().endsWith('/userSelfSecurity/save'));
    await star.click();
    expect((await saved).status()).toBe(200);
    const filled = page.getByRole('button', { name: 'Remove from watchlist' });
    await filled.waitFor();
    expect(await filled.getAttribute('aria-pressed')).toBe('true');
    await shot('04-quote-watched');
  });

  it('sees the price move live on the quote page', async () => {
    const { before, after } = await waitForTextChange('[data-testid="quote-last-price"]');
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\$[\d,]+\.\d{2}$/);
  });

  it('finds it in the Watchlist tab, where its price moves live too', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForRoute('/pages/market/index');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Watchlist' }).click();
    await waitForRoute('/pages/watchlist/index');

    const list = page.getByRole('list', { name: 'Watchlist' });
    const row = list.locator(`.quote-row[data-code="${code}"]`);
    await row.waitFor();
    expect(await list.getByRole('link').count()).toBe(1);
    await shot('05-watchlist');

    const { before, after } = await waitForTextChange(`.quote-row[data-code="${code}"] [data-testid="quote-price"]`);
    expect(after).not.toBe(before);
    expect(pageErrors).toEqual([]);
  });
});

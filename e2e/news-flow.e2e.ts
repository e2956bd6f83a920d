import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage } from './support/admin';
import { launchBrowser, PHONE_USER_AGENT } from './support/browser';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 20 at 390×844: the news about an instrument on its quote page (AAPL, from the seeded demo
 * news), the house's bid and ask on stock and forex quote pages, and the back office's code picker
 * tagging a new article that then shows on that instrument's quote page. Screens in en, th and de.
 */

const baseUrl = inject('baseUrl');
const adminEmail = inject('adminEmail');
const adminPassword = inject('adminPassword');
const shotsDir = process.env.NEWS_SHOTS_DIR;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function phone(locale: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
  contexts.push(context);
  await context.addInitScript((chosen: string) => window.localStorage.setItem('UNI_LOCALE', chosen), locale);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** The e2e artifact, and a copy where the screenshots are collected when NEWS_SHOTS_DIR is set. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `news-${name}`);
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

const aaplPath = '/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('news on the AAPL quote page', () => {
  it('lists the news tagged AAPL, newest first, with bid, ask and spread above; an article opens from it', async () => {
    const { page, errors } = await phone('en');
    await page.goto(`${baseUrl}/#${aaplPath}`);
    const news = page.getByRole('region', { name: 'News' });
    await news.getByRole('link', { name: /Fed holds rates steady/ }).waitFor({ timeout: 30_000 });
    const times = await news.locator('time').evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    expect(times.length).toBeGreaterThanOrEqual(1);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const book = page.getByRole('region', { name: 'Bid and ask' });
    const figure = async (stat: string) => Number((await book.locator(`[data-stat="${stat}"] dd`).textContent())?.replace(/,/g, ''));
    const bid = await figure('bid');
    const ask = await figure('ask');
    expect(bid).toBeGreaterThan(0);
    expect(ask).toBeGreaterThan(bid);
    expect(await book.locator('[data-stat="ask"] dd').textContent()).toMatch(/^[\d,]+\.\d{2}$/);
    await shot(page, 'quote-aapl-en');

    await news.getByRole('link', { name: /Fed holds rates steady/ }).click();
    await waitForRoute(page, '/pages/news/detail');
    await page.getByRole('heading', { level: 2, name: /Fed holds rates steady/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it('in Thai and German: the section, the bid and ask and the time in the reader’s language', async () => {
    for (const [locale, newsLabel, bookLabel] of [
      ['th', 'ข่าว', 'ราคาเสนอซื้อและเสนอขาย'],
      ['de', 'Nachrichten', 'Geld und Brief'],
    ] as const) {
      const { page, errors } = await phone(locale);
      await page.goto(`${baseUrl}/#${aaplPath}`);
      const news = page.getByRole('region', { name: newsLabel });
      await news.getByRole('link').first().waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: bookLabel }).waitFor();
      if (locale === 'de') expect(await page.getByRole('region', { name: bookLabel }).locator('[data-stat="bid"] dd').textContent()).toMatch(/^[\d.]+,\d{2}$/);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await shot(page, `quote-aapl-${locale}`);
      expect(errors).toEqual([]);
    }
  });

  it('a forex pair shows bid and ask in its five decimals; an instrument without news says so', async () => {
    const { page } = await phone('en');
    await page.goto(`${baseUrl}/#/pages/quote/forex?name=EUR%2FUSD&code=EURUSD&source=2&market=FX`);
    const book = page.getByRole('region', { name: 'Bid and ask' });
    await book.waitFor({ timeout: 30_000 });
    expect(await book.locator('[data-stat="bid"] dd').textContent()).toMatch(/^\d\.\d{5}$/);
    await page.getByRole('region', { name: 'News' }).getByRole('link').first().waitFor();
    await shot(page, 'quote-eurusd-en');

    await page.goto(`${baseUrl}/#/pages/quote/stock?name=Bank%20of%20America&code=BAC&source=0&market=NYSE`);
    await page.getByText('No news about BAC yet.').waitFor({ timeout: 30_000 });
  });
});

describe('the back office tags an article with instruments', () => {
  it('picks TSLA with the code picker, publishes, and the article shows on TSLA’s quote page; the editor in Thai and German', async () => {
    const title = `Tesla deliveries beat forecasts ${Date.now()}`;
    const { page, errors } = await phone('en');
    await page.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(page, adminEmail, adminPassword);
    await page.goto(`${baseUrl}/#/admin/articles`);
    await page.getByRole('button', { name: 'New article' }).click();
    const form = page.getByRole('form', { name: 'New article' });
    await form.getByRole('searchbox', { name: 'Instruments' }).fill('TSL');
    await form.getByRole('button', { name: /^TSLA/ }).click();
    await form.getByRole('list', { name: 'Instruments', exact: true }).getByText('TSLA', { exact: true }).waitFor();
    await form.getByLabel('Title (en)').fill(title);
    await form.getByLabel('Body (HTML) (en)').fill('<p>Deliveries came in above estimates.</p>');
    await form.getByRole('searchbox', { name: 'Instruments' }).fill('MSF');
    await form.getByRole('button', { name: /^MSFT/ }).waitFor();
    await shot(page, 'admin-editor-en');
    await form.getByRole('searchbox', { name: 'Instruments' }).fill('');
    await form.getByRole('button', { name: 'Create draft' }).click();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    await row.getByRole('button', { name: `Publish: ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await row.getByText('Published').waitFor();

    await page.goto(`${baseUrl}/#/pages/quote/stock?name=Tesla&code=TSLA&source=0&market=NASDAQ`);
    const news = page.getByRole('region', { name: 'News' });
    await news.getByRole('link').first().waitFor({ timeout: 30_000 });
    expect(await news.locator('.quote-news-title').first().textContent()).toBe(title);
    expect(errors).toEqual([]);

    // The same editor in Thai and German, signed in with the admin's session.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    for (const [locale, newLabel, searchLabel] of [
      ['th', 'บทความใหม่', 'หลักทรัพย์'],
      ['de', 'Neuer Artikel', 'Instrumente'],
    ] as const) {
      const other = await phone(locale);
      await other.page.addInitScript((saved: string | null) => saved && window.localStorage.setItem('token', saved), token);
      await other.page.goto(`${baseUrl}/#/admin/articles`);
      await other.page.getByRole('button', { name: newLabel }).click();
      const editor = other.page.locator('form.bo-form');
      await editor.getByRole('searchbox', { name: searchLabel }).fill('AAP');
      await editor.getByRole('button', { name: /^AAPL/ }).click();
      await editor.getByRole('list', { name: searchLabel, exact: true }).getByText('AAPL', { exact: true }).waitFor();
      await editor.getByRole('searchbox', { name: searchLabel }).fill('NVD');
      await editor.getByRole('button', { name: /^NVDA/ }).waitFor();
      await shot(other.page, `admin-editor-${locale}`);
      expect(other.errors).toEqual([]);
    }
  });
});

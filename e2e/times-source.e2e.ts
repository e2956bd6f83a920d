import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 18 (times and the price source): quote, order (signed in, AAPL), Trade and Account at
 * 390×844 in the seven languages, saved as e2e/artifacts/times-source-<locale>-<screen>.png to be
 * looked at. Each shows the price-source line in its language, and the times on it are on the
 * 24-hour clock: the server runs the simulator, so a time is "now", and its hour must be the
 * 24-hour one (in the afternoon a bare 12-hour clock showed 14:31 as 02:31).
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const quoteQuery = 'name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

const locales = ['en', 'de', 'hi', 'ja', 'th', 'zh-CN', 'zh-TW'] as const;
type Locale = (typeof locales)[number];

/** "Simulated prices" as each language writes it (the default server runs the simulator). */
const simulated: Record<Locale, string> = {
  en: 'Simulated prices',
  de: 'Simulierte Kurse',
  hi: 'सिम्युलेटेड कीमतें',
  ja: 'シミュレーション価格',
  th: 'ราคาจำลอง',
  'zh-CN': '模拟价格',
  'zh-TW': '模擬價格',
};

interface Screen {
  name: string;
  route: string;
  ready: string;
  /** Where a time of day is shown on this screen, besides the source line. */
  times: string[];
}

const screens: Screen[] = [
  { name: 'quote', route: `/pages/quote/stock?${quoteQuery}`, ready: '[data-testid="quote-last-price"]', times: ['.quote-header-time'] },
  { name: 'order', route: `/pages/payment/stock?${quoteQuery}&direction=0`, ready: '[data-testid="order-last-price"]', times: ['[data-testid="price-source"]'] },
  { name: 'trade', route: '/pages/trade/index', ready: '.segment', times: ['[data-testid="price-source"]'] },
  { name: 'account', route: '/pages/profile/index', ready: '[data-testid="account-total-assets"]', times: ['[data-testid="price-source"]'] },
];

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  user = await registerUser(admin, `e2e-times-${Date.now()}@example.com`, 'Trade-Wind-5937');
  await creditWallet(admin, user.id, 'STOCK', 10_000);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function phonePage(locale: Locale): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
  await context.addInitScript(
    ({ token, locale: chosen }: { token: string; locale: string }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('UNI_LOCALE', chosen);
    },
    { token: user.token, locale },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * The hours a time shown "now" may have on the 24-hour clock in the page's own zone: this minute's
 * and, across an hour boundary, the last few minutes' (a quote's time is its last tick).
 */
function currentHours(page: Page): Promise<number[]> {
  return page.evaluate(() => [0, 5].map((minutesAgo) => new Date(Date.now() - minutesAgo * 60_000).getHours()));
}

describe('times and the price source in seven languages', () => {
  for (const locale of locales) {
    it(`${locale}: quote, order, Trade and Account say where prices come from, with 24-hour times`, async () => {
      const { context, page, errors } = await phonePage(locale);
      try {
        for (const screen of screens) {
          await page.goto(`${baseUrl}/#${screen.route}`);
          await waitForRoute(page, screen.route.split('?')[0] ?? screen.route);
          await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
          const source = page.getByTestId('price-source').first();
          await source.waitFor({ timeout: 30_000 });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));

          const sourceText = (await source.textContent()) ?? '';
          expect(sourceText, `${locale} ${screen.name}`).toContain(simulated[locale]);

          const hours = await currentHours(page);
          for (const selector of screen.times) {
            const text = (await page.locator(selector).first().textContent()) ?? '';
            const hour = /(\d{1,2}):\d{2}:\d{2}/.exec(text)?.[1];
            console.log(`${locale} ${screen.name}: "${text.trim()}" (hours now ${hours.join('/')})`);
            expect(hour, `${locale} ${screen.name}: a time in "${text}"`).toBeDefined();
            expect(hours, `${locale} ${screen.name}: "${text}" shows the 24-hour hour`).toContain(Number(hour));
          }
          await screenshot(page, `times-source-${locale}-${screen.name}`);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('Home tells a first-time visitor that the market is simulated', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/#/pages/home/index`);
      const intro = page.getByTestId('market-source-intro');
      await intro.waitFor({ timeout: 30_000 });
      expect(await intro.textContent()).toContain('Simulated market');
      await page.locator('.quote-row').first().waitFor({ timeout: 30_000 });
      await screenshot(page, 'times-source-en-home-first-visit', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});

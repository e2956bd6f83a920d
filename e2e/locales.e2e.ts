import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 10, languages: Home and a quote page (AAPL) in each of the seven languages at 390×844,
 * saved as e2e/artifacts/locales-<locale>-<screen>.png to be looked at; and the long German and
 * Hindi labels on the main screens (Home, Market, quote, order, Trade, Account, the wallet's
 * transactions and transfer) are never cut: no button, tab, chip, label or heading shortened by an
 * ellipsis or clipped by its box, and no page wider than the phone.
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const quoteQuery = 'name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

const locales = ['en', 'zh-TW', 'zh-CN', 'ja', 'th', 'de', 'hi'] as const;
type Locale = (typeof locales)[number];

interface Screen {
  name: string;
  route: string;
  ready: string;
}

const home: Screen = { name: 'home', route: '/pages/home/index', ready: '.quote-row' };
const quote: Screen = { name: 'quote', route: `/pages/quote/stock?${quoteQuery}`, ready: '[data-testid="quote-last-price"]' };
const mainScreens: Screen[] = [
  home,
  { name: 'market', route: '/pages/market/index', ready: '.quote-row' },
  quote,
  { name: 'order', route: `/pages/payment/stock?${quoteQuery}&direction=0`, ready: '[data-testid="order-last-price"]' },
  { name: 'trade', route: '/pages/trade/index', ready: '.segment' },
  { name: 'account', route: '/pages/profile/index', ready: '.tab-bar' },
  { name: 'transactions', route: '/pages/profile/transaction', ready: '.filter-chip' },
  { name: 'transfer', route: '/pages/profile/transfer', ready: 'form' },
];

/** The words of the tab bar in each language: the page must show them, not English. */
const homeTab: Record<Locale, string> = { en: 'Home', 'zh-TW': '首頁', 'zh-CN': '首页', ja: 'ホーム', th: 'หน้าแรก', de: 'Start', hi: 'होम' };

let browser: Browser;
let user: TestUser;

async function phonePage(locale: Locale): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
  // The session and the chosen language as the app keeps them (SPEC §9: UNI_LOCALE).
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

async function open(page: Page, screen: Screen): Promise<void> {
  await page.goto(`${baseUrl}/#${screen.route}`);
  await waitForRoute(page, screen.route.split('?')[0] ?? screen.route);
  await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Web fonts for the script (system fonts here) and the first quotes settle.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(400);
}

/**
 * Text cut short on screen: an element showing text whose content is wider (or taller) than its box
 * while the box hides the rest (overflow hidden / clip / ellipsis). Names of instruments, agencies and
 * similar data may be shortened (their full text is in the title or on the next screen); controls
 * and their labels may not.
 */
function cutTexts(page: Page): Promise<{ cut: string[]; shortenedNames: string[]; pageWider: boolean }> {
  return page.evaluate(() => {
    const controls = 'button, a, [role="tab"], [role="button"], label, h1, h2, h3, dt, th, legend, .segment, .tab-bar-item, .filter-chip, .nav-bar-title, .adm-tabs-tab, .adm-button, .form-label, .stat-label';
    // Data, not labels: instrument and agency names, e-mail addresses, memos.
    const names = '[class*="name"], [class*="email"], [class*="memo"]';
    const cut: string[] = [];
    const shortenedNames: string[] = [];
    const elements = Array.prototype.slice.call(document.body.querySelectorAll('*')) as HTMLElement[];
    for (const el of elements) {
      const hasText = Array.prototype.some.call(el.childNodes, (node: Node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (!hasText || el.closest('[aria-hidden="true"], svg, canvas') !== null) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis';
      const wider = el.scrollWidth > el.clientWidth + 1;
      const taller = el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'auto' && style.overflowY !== 'scroll';
      if (!hides || !(wider || taller)) continue;
      const label = `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 50)}"`;
      if (el.matches(names) || (el.closest(names) !== null && el.closest(controls) === null)) shortenedNames.push(label);
      else cut.push(label);
    }
    const root = document.documentElement;
    return { cut, shortenedNames, pageWider: root.scrollWidth > root.clientWidth + 1 };
  });
}

beforeAll(async () => {
  user = await registerUser(admin, `e2e-locales-${Date.now()}@example.com`, 'Trade-Wind-5937');
  await creditWallet(admin, user.id, 'STOCK', 10_000);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('Home and a quote page in each language, 390×844', () => {
  for (const locale of locales) {
    it(`${locale}: translated, screenshots saved`, async () => {
      const { context, page, errors } = await phonePage(locale);
      try {
        for (const screen of [home, quote]) {
          await open(page, screen);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
          if (screen === home) expect(await page.locator('.tab-bar').innerText()).toContain(homeTab[locale]);
          await screenshot(page, `locales-${locale}-${screen.name}`, { fullPage: false });
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('long German and Hindi labels are not cut, 390×844', () => {
  for (const locale of ['de', 'hi'] as const) {
    it(`${locale}: no control or label cut short on the main screens`, async () => {
      const { context, page } = await phonePage(locale);
      const found: string[] = [];
      try {
        for (const screen of mainScreens) {
          await open(page, screen);
          const { cut, shortenedNames, pageWider } = await cutTexts(page);
          console.log(`${locale} ${screen.name}: ${cut.length} cut, ${shortenedNames.length} names shortened${pageWider ? ', page wider than the phone' : ''}`);
          for (const label of cut) console.log(`  cut: ${label}`);
          for (const label of shortenedNames) console.log(`  name shortened: ${label}`);
          found.push(...cut.map((label) => `${screen.name}: ${label}`), ...(pageWider ? [`${screen.name}: page wider than the phone`] : []));
          await screenshot(page, `locales-${locale}-cut-${screen.name}`);
        }
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

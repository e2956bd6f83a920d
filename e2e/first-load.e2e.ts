import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser, openPhonePage, openSignedInPhonePage } from './support/browser';
import { type TestUser, registerUser } from './support/funding';
import { screenshot } from './support/page';

/*
 * Issue 23: Home comes with the HTML. The server renders Home (React, with the public answers it
 * inlines as a JSON block) into index.html; the app hydrates it. Hash routes never reach the server
 * (SPEC §2), so the HTML is Home's whatever the route: other pages show the splash until the app has
 * rendered (public/theme.js). The stock quote page and Market get a route shell instead (public/
 * boot.js, which needs JavaScript: the route is in the hash): their top, drawn from index.html's
 * templates and its public data over the app until the app has drawn the same element. The HTML
 * carries nothing of any user.
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let alice: TestUser;
let bob: TestUser;

const save = async (user: TestUser, code: string) => {
  const response = await fetch(`${baseUrl}/userSelfSecurity/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: user.token },
    body: JSON.stringify({ secuCode: code }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
};

/** The HTML of `/` as three callers get it from one rendering (the server renders at most once a second). */
async function htmlOfOneRendering(tokens: readonly (string | null)[]): Promise<string[]> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pages = await Promise.all(
      tokens.map(async (token) => (await fetch(`${baseUrl}/`, { headers: token ? { authorization: token, cookie: `token=${token}` } : {} })).text()),
    );
    const times = new Set(pages.map((html) => /"at":(\d+)/.exec(html)?.[1]));
    if (times.size === 1) return pages;
  }
  throw new Error('no two requests of / fell into one rendering in five attempts');
}

beforeAll(async () => {
  browser = await launchBrowser();
  const stamp = Date.now().toString(36);
  alice = await registerUser(admin, `first-load-alice-${stamp}@example.com`, 'Tr4de-wind!');
  bob = await registerUser(admin, `first-load-bob-${stamp}@example.com`, 'Tr4de-wind!');
  // Watchlists no visitor's list holds: the starter set is large caps.
  await save(alice, 'F');
  await save(bob, 'BAC');
});

afterAll(async () => {
  await browser.close();
});

describe('Home in the HTML (issue 23)', () => {
  it('without JavaScript: the page title, the index strip and the hot list with their prices', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, userAgent: PHONE_USER_AGENT, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/pages/home/index`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tradewind' }).isVisible()).resolves.toBe(true);
    const indexPrices = await page.locator('.index-card-price').allTextContents();
    expect(indexPrices.length).toBeGreaterThan(0);
    for (const price of indexPrices) expect(price).toMatch(/^\d[\d,]*\.\d+$/);
    const hot = page.getByRole('list', { name: 'Hot stocks' });
    await expect(hot.isVisible()).resolves.toBe(true);
    const hotPrices = await hot.getByTestId('quote-price').allTextContents();
    expect(hotPrices.length).toBeGreaterThan(2);
    for (const price of hotPrices) expect(price).toMatch(/^\d[\d,]*\.\d+$/);
    await expect(page.locator('.boot-splash').isVisible()).resolves.toBe(false);
    await screenshot(page, 'first-load-home-no-js', { fullPage: false });
    await context.close();
  });

  it('with JavaScript: hydrated in place (no error, the same prices until a tick), and another route shows the splash, not Home', async () => {
    const { page, errors } = await openPhonePage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto(`${baseUrl}/`);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="ssr-root"');
    await page.getByRole('link', { name: 'Market' }).first().waitFor();
    // The server's elements are kept by hydration (a client render would replace the root's children).
    await expect(page.locator('#ssr-root .home-brand').count()).resolves.toBe(1);
    await page.getByRole('list', { name: 'Hot stocks' }).getByTestId('quote-price').first().waitFor();
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((text) => /hydrat|#418|#419|#423|#425/i.test(text))).toEqual([]);

    await page.goto(`${baseUrl}/#/pages/market/index`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Market' }).waitFor();
    await expect(page.locator('.home-brand').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("asks for the app's code only once the browser has reported the first contentful paint", async () => {
    const { page, errors } = await openPhonePage(browser);
    await page.goto(`${baseUrl}/`);
    // Home's prices are in the HTML: wait for the app's own code instead.
    const isModule = '/assets/[^/]+\\.js$';
    await page.waitForFunction((pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)), isModule);
    const { paint, modules } = await page.evaluate(
      (pattern) => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        modules: performance
          .getEntriesByType('resource')
          .filter((entry) => new RegExp(pattern).test(entry.name))
          .map((entry) => entry.startTime),
      }),
      isModule,
    );
    expect(paint).not.toBeNull();
    expect(modules.length).toBeGreaterThan(0);
    // Lighthouse's phone puts every request that ended before the observed paint before its FCP and LCP.
    expect(Math.min(...modules)).toBeGreaterThanOrEqual(paint ?? Infinity);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a link tapped on the server's Home before the app's code has run: the app draws that page, no failed hydration", async () => {
    const { page, errors } = await openPhonePage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // The entry is held back until the link has been followed (the code is asked for after the first paint).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/#/pages/home/index`);
    await page.locator('#ssr-root').getByRole('link', { name: 'Market' }).first().click();
    await page.waitForFunction(() => window.location.hash.startsWith('#/pages/market/index'));
    release();
    await page.getByRole('heading', { level: 1, name: 'Market' }).waitFor();
    await expect(page.locator('.home-brand').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((text) => /hydrat|#418|#419|#423|#425/i.test(text))).toEqual([]);
    await page.context().close();
  });
});

const AAPL_QUOTE = '/#/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

/** The app's code never arrives (its module scripts blocked): what shows is what the HTML and boot.js draw. */
async function withoutTheApp(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/** AAPL's last price in the public block index.html carries, as the app writes it. */
async function inlinedPriceOfAapl(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { answers } = JSON.parse(document.getElementById('tw-first-data')?.textContent ?? '{}') as { answers: Record<string, unknown> };
    const lists = [answers['/m_ft/hot_stock'], (answers['/m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30'] as { list?: unknown } | undefined)?.list];
    for (const list of lists) {
      const item = (list as { stock_code: string; price_nominal: number; precision: number }[] | undefined)?.find((row) => row.stock_code === 'AAPL');
      if (item) return `$${item.price_nominal.toLocaleString('en-US', { minimumFractionDigits: item.precision, maximumFractionDigits: item.precision })}`;
    }
    return 'AAPL not inlined';
  });
}

describe('route shells: the quote page and Market paint from the HTML (issue 23)', () => {
  it("the app's code blocked: the quote page shows its title, the name and the inlined price, not the splash", async () => {
    const { page, errors } = await openPhonePage(browser);
    await withoutTheApp(page);
    await page.goto(`${baseUrl}${AAPL_QUOTE}`);
    const shell = page.locator('.boot-shell');
    await expect(shell.locator('h1').textContent()).resolves.toBe('Stock quote');
    await expect(shell.locator('.quote-header-name').textContent()).resolves.toBe('Apple Inc');
    await expect(shell.locator('.quote-header-code').textContent()).resolves.toBe('AAPL');
    const price = (await shell.locator('.quote-header-price').textContent()) ?? '';
    expect(price).toMatch(/^\$\d[\d,]*\.\d{2}$/);
    expect(price).toBe(await inlinedPriceOfAapl(page));
    await expect(shell.isVisible()).resolves.toBe(true);
    await expect(page.locator('.boot-splash').isVisible()).resolves.toBe(false);
    await expect(shell.getAttribute('aria-hidden')).resolves.toBe('true');
    await screenshot(page, 'first-load-quote-shell', { fullPage: false });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the app's code blocked: Market shows its title; an instrument the HTML does not carry gets the splash", async () => {
    const { page, errors } = await openPhonePage(browser);
    await withoutTheApp(page);
    await page.goto(`${baseUrl}/#/pages/market/index`);
    await expect(page.locator('.boot-shell h1').textContent()).resolves.toBe('Market');
    await page.goto(`${baseUrl}/#/pages/quote/stock?name=Nothing&code=NOSUCH&source=0&market=NASDAQ`);
    await page.reload();
    await expect(page.locator('.boot-shell').count()).resolves.toBe(0);
    await expect(page.locator('.boot-splash').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('with the app: the shell gives way once the app has drawn the price, in the same place', async () => {
    const { page, errors } = await openPhonePage(browser);
    // The app's code held back a moment, so the shell is measured before the app draws.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${baseUrl}${AAPL_QUOTE}`, { waitUntil: 'commit' });
    const shellPrice = page.locator('.boot-shell .quote-header-price');
    await shellPrice.waitFor();
    const before = await shellPrice.boundingBox();
    const appPrice = page.locator('#root').getByTestId('quote-last-price');
    await appPrice.waitFor();
    await page.locator('.boot-shell').waitFor({ state: 'detached' });
    const after = await appPrice.boundingBox();
    expect(after?.x).toBe(before?.x);
    expect(after?.y).toBe(before?.y);
    expect(after?.height).toBe(before?.height);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the app's code blocked: a signed-in user's order page shows the quote card and the form from the HTML, not the splash", async () => {
    const { context, page, errors } = await openSignedInPhonePage(browser, alice.token);
    await withoutTheApp(page);
    await page.goto(`${baseUrl}/#/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=1`);
    const shell = page.locator('.boot-shell');
    await expect(shell.locator('h1').textContent()).resolves.toBe('Stock order');
    await expect(shell.locator('.order-quote-name').textContent()).resolves.toBe('Apple Inc');
    await expect(shell.locator('.order-quote-price').textContent()).resolves.toBe(await inlinedPriceOfAapl(page));
    await expect(shell.locator('.segment-active.segment-down').textContent()).resolves.toBe('Buy down');
    await expect(shell.locator('.trade-button-sell').textContent()).resolves.toBe('Buy down');
    await expect(shell.locator('.entry-levels .form-hint').isVisible()).resolves.toBe(true);
    await expect(page.locator('.boot-splash').isVisible()).resolves.toBe(false);
    await expect(shell.getAttribute('aria-hidden')).resolves.toBe('true');
    await screenshot(page, 'first-load-order-shell', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with the app: the order shell gives way once the app has drawn the price, in the same place', async () => {
    const { context, page, errors } = await openSignedInPhonePage(browser, alice.token);
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${baseUrl}/#/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0`, { waitUntil: 'commit' });
    const shellPrice = page.locator('.boot-shell .order-quote-price');
    await shellPrice.waitFor();
    const before = await shellPrice.boundingBox();
    const appPrice = page.locator('#root').getByTestId('order-last-price');
    await appPrice.waitFor();
    await page.locator('.boot-shell').waitFor({ state: 'detached' });
    const after = await appPrice.boundingBox();
    expect(after?.y).toBe(before?.y);
    expect(after?.height).toBe(before?.height);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the order page's modules are asked for with the entry, each once: the lazy route adds no preload link of its own", async () => {
    const { context, page, errors } = await openSignedInPhonePage(browser, alice.token);
    await page.goto(`${baseUrl}/#/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0`);
    await page.locator('#root').getByTestId('order-last-price').waitFor();
    const head = await page.evaluate(() =>
      Array.from(document.head.children).map((element): { preload?: string; entry?: string } =>
        element instanceof HTMLLinkElement && element.rel === 'modulepreload'
          ? { preload: new URL(element.href).pathname }
          : element instanceof HTMLScriptElement && element.type === 'module'
            ? { entry: new URL(element.src).pathname }
            : {},
      ),
    );
    const entryAt = head.findIndex((element) => element.entry !== undefined);
    expect(entryAt).toBeGreaterThan(0);
    const preloads = head.flatMap((element) => (element.preload ? [element.preload] : []));
    expect(new Set(preloads).size).toBe(preloads.length);
    // The page's own chunk (and, with it, what it imports) is preloaded before the entry runs.
    const pageChunkAt = head.findIndex((element) => /\/assets\/order-page-[^/]+\.js$/.test(element.preload ?? ''));
    expect(pageChunkAt).toBeGreaterThan(0);
    expect(pageChunkAt).toBeLessThan(entryAt);
    expect(errors).toEqual([]);
    await context.close();

    // Home (no route shell) is not made to download the order page.
    const visitor = await openPhonePage(browser);
    await visitor.page.goto(`${baseUrl}/`);
    await visitor.page.waitForFunction(() => document.querySelector('script[type="module"]') !== null);
    const homePreloads = await visitor.page.evaluate(() => Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => (link as HTMLLinkElement).href));
    expect(homePreloads.some((href) => /\/order-page-/.test(href))).toBe(false);
    await visitor.page.context().close();
  });

  it('a user in another language gets the splash, never the English shell', async () => {
    const { context, page, errors } = await openSignedInPhonePage(browser, alice.token, { locale: 'de' });
    await withoutTheApp(page);
    await page.goto(`${baseUrl}${AAPL_QUOTE}`);
    await expect(page.locator('.boot-splash').isVisible()).resolves.toBe(true);
    await expect(page.locator('.boot-shell').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('nothing of a user in the HTML (issue 23)', () => {
  it("two signed-in users and a stranger get the same HTML, with the visitor's list, never a watchlist", async () => {
    const [forAlice, forBob, forStranger] = await htmlOfOneRendering([alice.token, bob.token, null]);
    expect(forAlice).toBe(forStranger);
    expect(forBob).toBe(forStranger);
    for (const html of [forAlice, forBob]) {
      for (const user of [alice, bob]) {
        expect(html).not.toContain(user.email);
        expect(html).not.toContain(user.token);
      }
      expect(html).not.toContain('"selfSelectStatus":1');
    }
  });

  it("a signed-in user's Home shows their own watchlist, not the other user's, and not the visitor's HTML render", async () => {
    for (const [user, mine, theirs] of [
      [alice, 'F', 'BAC'],
      [bob, 'BAC', 'F'],
    ] as const) {
      const { context, page, errors } = await openSignedInPhonePage(browser, user.token);
      await page.goto(`${baseUrl}/#/pages/home/index`);
      const watchlist = page.getByRole('list', { name: 'My watchlist' });
      await watchlist.locator(`[data-code="${mine}"]`).waitFor();
      await expect(watchlist.locator(`[data-code="${theirs}"]`).count()).resolves.toBe(0);
      // The splash was shown and the app rendered (not hydrated): the server's visitor Home is gone.
      await expect(page.locator('#ssr-root').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

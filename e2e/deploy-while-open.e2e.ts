import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser } from './support/browser';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 20: a new build deployed while the app is open. The open page still holds the old index and
 * asks for the old build's hashed chunks, which are gone (404) or do not fit the new ones ("does not
 * provide an export named …"). The app reloads once, on the same hash route, and shows the page; a
 * second stale chunk soon after shows the page's error and its retry instead of reloading in a loop.
 *
 * The old chunks are made stale by answering the browser's first request for them as the server would
 * after a deploy; later requests (after the reload, "the new build") reach the real server. The service
 * worker is kept out: it passes a chunk's 404 through unchanged, and its cache would hide the request.
 */

const baseUrl = inject('baseUrl');
const RELOAD_FLAG = 'tradewind.staleBuildReloadAt';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];
let loads = 0;

/**
 * Makes a chunk stale until the page loads again (a deploy: the open page's build is gone, the reloaded
 * page is the new build), or until `stale.off()`: until then every request for it gets `answer` (the
 * old index asks twice, a modulepreload link and the import itself).
 */
async function staleChunk(pattern: RegExp, answer: (route: Route) => Promise<void>): Promise<{ served: () => number; off: () => void }> {
  const loadsAtDeploy = loads;
  let on = true;
  let served = 0;
  await context.route(pattern, async (route) => {
    if (on && loads === loadsAtDeploy) {
      served += 1;
      await answer(route);
    } else {
      await route.continue();
    }
  });
  return {
    served: () => served,
    off: () => {
      on = false;
    },
  };
}

const notFound = (route: Route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });

/** Opens Home, marks the page so a reload can be told apart from a client-side route change. */
async function openHome(): Promise<void> {
  await page.goto(`${baseUrl}/#/`);
  await page.getByRole('list', { name: 'Hot stocks' }).getByRole('listitem').first().waitFor();
  await page.evaluate(() => {
    (window as unknown as { beforeDeploy: boolean }).beforeDeploy = true;
  });
}

/** Changes the hash route inside the open page (no page load), as a tap on a link does. */
async function goInApp(path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
}

const reloaded = () => page.evaluate(() => !('beforeDeploy' in window));

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    serviceWorkers: 'block',
  });
  page = await context.newPage();
  // A busy machine can take a minute to paint Home; the flows below wait on the app, not on a clock.
  page.setDefaultTimeout(90_000);
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('load', () => {
    loads += 1;
  });
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

describe('a new build deployed while the app is open', () => {
  it('reloads once when a lazy page’s old chunk is gone (404), and shows that page', async () => {
    await openHome();
    const marketChunk = await staleChunk(/\/assets\/market-page-[^/]+\.js$/, notFound);
    const loadsBefore = loads;

    await goInApp('/pages/market/index');

    await expect.poll(reloaded, { timeout: 90_000 }).toBe(true);
    await waitForRoute(page, '/pages/market/index');
    await page.getByRole('heading', { level: 1, name: 'Market' }).waitFor();
    expect(marketChunk.served()).toBeGreaterThan(0);
    expect(loads - loadsBefore).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(Number(await page.evaluate((key) => sessionStorage.getItem(key), RELOAD_FLAG))).toBeGreaterThan(0);
    await screenshot(page, 'deploy-while-open-recovered');
  }, 300_000);

  it('reloads once when an old chunk meets a new one ("does not provide an export named …")', async () => {
    await page.evaluate((key) => sessionStorage.removeItem(key), RELOAD_FLAG);
    await openHome();
    // What an old page chunk does after a deploy: it imports a name the new shared chunk no longer has.
    const searchChunk = await staleChunk(/\/assets\/search-page-[^/]+\.js$/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: `import { aNameFromTheOldBuild } from './index-gone.js'; export const SearchPage = aNameFromTheOldBuild;`,
      }),
    );
    // The shared chunk it names, as the new build serves it: present, without that export.
    await context.route(/\/assets\/index-gone\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export const somethingElse = 1;' }));
    const loadsBefore = loads;

    await goInApp('/pages/search/index');

    await expect.poll(reloaded, { timeout: 90_000 }).toBe(true);
    await waitForRoute(page, '/pages/search/index');
    await page.getByPlaceholder('Search stocks, futures, forex').waitFor();
    expect(searchChunk.served()).toBeGreaterThan(0);
    expect(loads - loadsBefore).toBe(1);
  }, 300_000);

  it('does not reload in a loop: a stale chunk again just after a reload shows the error, whose retry loads the page', async () => {
    await openHome();
    // The app has just reloaded for a new build (the time the reload left in sessionStorage is now).
    await page.evaluate((key) => sessionStorage.setItem(key, String(Date.now())), RELOAD_FLAG);
    const settingsChunk = await staleChunk(/\/assets\/settings-page-[^/]+\.js$/, notFound);
    const loadsBefore = loads;

    await goInApp('/pages/setting/index');

    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await alert.waitFor();
    expect(await reloaded()).toBe(false);
    expect(loads - loadsBefore).toBe(0);
    await screenshot(page, 'deploy-while-open-no-loop');

    expect(settingsChunk.served()).toBeGreaterThan(0);
    // The chunk is back (the user's connection to the new build): the retry loads the page in place.
    settingsChunk.off();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 2, name: 'Language' }).waitFor();
    expect(await reloaded()).toBe(false);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});

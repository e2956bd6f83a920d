import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';

/*
 * Issue 24: the API reference at /docs (Swagger UI, sandboxed with an opaque origin) is usable for
 * signed-in calls. A real session token goes into "Authorize"; "Try it out" on a signed-in GET sends it
 * as a bearer token and shows the 200 answer — the API answers CORS to that opaque origin (`null`).
 */

const baseUrl = inject('baseUrl');
const shots = process.env.API_DOCS_SHOTS_DIR;

let browser: Browser;
let page: Page;
const errors: string[] = [];

async function signIn(): Promise<string> {
  const response = await fetch(`${baseUrl}/loginByUsername`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: inject('adminEmail'), password: inject('adminPassword') }),
  });
  const answer = (await response.json()) as { code: number; data: { token?: string } };
  if (answer.code !== 200 || !answer.data.token) throw new Error(`sign-in answered ${answer.code}`);
  return answer.data.token;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CORS|Access-Control/i.test(message.text())) errors.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('the API reference at /docs', () => {
  it('authorizes with a real session token and runs a signed-in GET to a 200', async () => {
    const token = await signIn();
    await page.goto(`${baseUrl}/docs`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    // Sandboxed: the page cannot reach the app's storage (where the app keeps its token).
    expect(await page.evaluate(() => {
      try {
        return typeof window.localStorage;
      } catch {
        return 'blocked';
      }
    })).toBe('blocked');

    const operation = page.locator('#operations-Watchlist-getUserSelfSecuritySelectSelfSelectionStocksData');
    await operation.waitFor({ timeout: 90_000 });
    // The operation shows a lock: it declares the session token.
    await expect.poll(() => operation.locator('.authorization__btn').count()).toBe(1);

    await page.locator('.scheme-container button.authorize').click();
    const dialog = page.locator('.dialog-ux .modal-ux');
    await dialog.locator('input[aria-label="auth-bearer-value"], input[type="text"]').first().fill(token);
    if (shots) await page.screenshot({ path: `${shots}/api-docs-authorize.png` });
    await dialog.locator('.auth-btn-wrapper button.authorize').first().click();
    // Authorized: the dialog offers to log out of the scheme instead.
    await dialog.locator('.auth-btn-wrapper button').filter({ hasText: 'Logout' }).waitFor({ timeout: 10_000 });
    await dialog.locator('.auth-btn-wrapper button').filter({ hasText: 'Close' }).click();

    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();

    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    // The call carried the pasted token as a bearer token (Swagger UI shows the request as curl).
    expect(await operation.locator('.curl-command').innerText()).toContain(`Authorization: Bearer ${token}`);
    const body = await operation.locator('.live-responses-table .response-col_description pre').first().innerText();
    expect((await status.innerText()).trim(), body).toBe('200');
    expect(JSON.parse(body)).toMatchObject({ code: 200, data: [] });
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await operation.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/api-docs-try-it-out.png`, fullPage: false });
    }
    expect(errors).toEqual([]);
  });
});

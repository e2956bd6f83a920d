import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { logInOnPage } from './admin';

/*
 * What every browser flow does with its page: wait for a hash route, take a screenshot of the page
 * itself, sign a user in through the app's login page.
 */

const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** Waits until the app's hash route is `path`, with or without a query. */
export async function waitForRoute(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.hash === `#${path}` || url.hash.startsWith(`#${path}?`));
}

/**
 * `artifacts/<name>.png`, once any toast has gone so it shows the page itself. A full-page shot is
 * taken from the top, since a sticky nav bar would otherwise be drawn where the page was scrolled to.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage });
}

/** Signs the user in through the login page; the app lands on the Account tab. */
export async function logIn(page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/#/pages/auth/login`);
  await logInOnPage(page, user.email, user.password);
  await waitForRoute(page, '/pages/profile/index');
}

/** Logs out from the Account tab as a person does: the button, then "Log out" in the dialog that asks first. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
  await waitForRoute(page, '/pages/auth/login');
}

import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openSignedInPhonePage } from './support/browser';
import { type TestUser, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 20's extras: the appearance switch (remembered, applied before the app's first paint, the
 * dark tokens), the profile's phone (saved, shown, refused without a country code) and the deposit
 * address's QR code, read back from the pixels the browser drew. Screenshots in e2e/artifacts
 * (extras-*.png) in en, th and de.
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));

let browser: Browser;
let user: TestUser;

function phonePage(options: { locale?: string; colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  return openSignedInPhonePage(browser, user.token, options);
}

async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
  await waitForRoute(page, route);
}

const shownTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const token = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
const background = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).backgroundColor);

beforeAll(async () => {
  browser = await launchBrowser();
  user = await registerUser(admin, `e2e-extras-${Date.now()}@example.com`, 'Wind-Trade-6284');
});

afterAll(async () => {
  await browser?.close();
});

describe('extras', () => {
  it('theme switch: dark chosen in Settings applies the dark tokens, survives a reload and paints the splash dark before the app runs', async () => {
    // No service worker: it would serve the held-back script from its cache, out of page.route's reach.
    const { context, page, errors } = await phonePage({ colorScheme: 'light', serviceWorkers: 'block' });
    await open(page, '/pages/setting/index');
    const group = page.getByRole('radiogroup', { name: 'Appearance' });
    await group.waitFor();
    expect(await shownTheme(page)).toBe('light');
    expect(await background(page, '.app-shell')).toBe('rgb(243, 245, 249)');

    await group.getByRole('radio', { name: 'Dark' }).click();
    expect(await shownTheme(page)).toBe('dark');
    expect(await token(page, '--tw-color-surface')).toBe('#171d2b');
    expect(await background(page, '.app-shell')).toBe('rgb(15, 20, 31)');

    await page.reload();
    await waitForRoute(page, '/pages/setting/index');
    await group.getByRole('radio', { name: 'Dark', checked: true }).waitFor();
    expect(await shownTheme(page)).toBe('dark');
    expect(await page.evaluate(() => window.localStorage.getItem('tw_theme'))).toBe('dark');
    expect(await background(page, '.app-shell')).toBe('rgb(15, 20, 31)');

    // The splash is index.html alone: with the app's script held back, it is already dark.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.reload();
    await page.locator('.boot-splash').waitFor();
    expect(await shownTheme(page)).toBe('dark');
    expect(await background(page, '.boot-splash')).toBe('rgb(15, 20, 31)');
    await page.unroute('**/assets/index-*.js');

    // Back to the phone's setting (light here): nothing remembered, light tokens again.
    await page.reload();
    await waitForRoute(page, '/pages/setting/index');
    await group.getByRole('radio', { name: 'Same as phone' }).click();
    expect(await shownTheme(page)).toBe('light');
    expect(await page.evaluate(() => window.localStorage.getItem('tw_theme'))).toBeNull();
    await page.reload();
    await waitForRoute(page, '/pages/setting/index');
    expect(await shownTheme(page)).toBe('light');
    expect(errors.filter((message) => !/Failed to fetch dynamically imported module|Importing a module script failed/.test(message))).toEqual([]);
    await context.close();
  });

  it('saves a phone number with its country code and shows it on the account card; refuses one without', async () => {
    const { context, page, errors } = await phonePage();
    await open(page, '/pages/profile/index');
    await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe('Not set');
    await page.getByRole('link', { name: 'Edit phone number' }).click();
    await waitForRoute(page, '/pages/profile/phone');

    const field = page.getByLabel('Phone number');
    await field.fill('020 7946 0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter the number with its country code, such as +44 20 7946 0000' }).waitFor();

    await field.fill('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute(page, '/pages/profile/index');
    await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe('+442079460000');

    await page.reload();
    await waitForRoute(page, '/pages/profile/index');
    await expect.poll(() => page.getByTestId('account-phone').textContent()).toBe('+442079460000');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the deposit address as a QR code named after it, which reads back as the address from the pixels on screen, in the dark theme too', async () => {
    const { context, page, errors } = await phonePage({ colorScheme: 'dark' });
    await open(page, '/pages/deposit/wallet');
    const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
    expect(address.length).toBeGreaterThan(20);
    expect(await shownTheme(page)).toBe('dark');
    const qr = page.getByRole('img', { name: `QR code of the address ${address}` });
    await qr.waitFor();

    const png = await qr.screenshot();
    const image = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context2d = canvas.getContext('2d');
      if (!context2d) throw new Error('no 2d context');
      context2d.drawImage(bitmap, 0, 0);
      return { width: bitmap.width, height: bitmap.height, data: Array.from(context2d.getImageData(0, 0, bitmap.width, bitmap.height).data) };
    }, png.toString('base64'));
    expect(jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data).toBe(address);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('screenshots: account, phone, appearance and deposit address in en, th and de', async () => {
    const shots = '/work/shots/extras/';
    mkdirSync(shots, { recursive: true });
    for (const locale of ['en', 'th', 'de']) {
      for (const scheme of ['light', 'dark'] as const) {
        if (scheme === 'dark' && locale !== 'en') continue;
        const { context, page } = await phonePage({ locale, colorScheme: scheme });
        const take = async (name: string) => {
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.waitForTimeout(300);
          const file = `extras-${name}-${locale}${scheme === 'dark' ? '-dark' : ''}`;
          await screenshot(page, file);
          copyFileSync(`${artifacts}${file}.png`, `${shots}${file}.png`);
        };
        await open(page, '/pages/profile/index');
        await page.getByTestId('account-phone').waitFor();
        await take('account');
        await open(page, '/pages/profile/phone');
        await page.locator('input[name="phone"]').waitFor();
        await take('phone');
        await open(page, '/pages/setting/index');
        await page.locator('[data-testid="theme-system"]').waitFor();
        await take('settings');
        await open(page, '/pages/deposit/wallet');
        await page.getByTestId('deposit-address').waitFor();
        await take('deposit-wallet');
        await context.close();
      }
    }
  });
});

import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

/** Debian's Chromium (playwright-core has no browser download here), set up for a headless CI box. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * The phone's user agent, also sent by the API calls that set a user up (support/funding.ts): the user
 * "registered on this phone", so signing in on it later is not a new device (whose notice would be an
 * extra inbox message in every flow that counts them).
 */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/**
 * A phone-sized page (390×844, the size the app is designed for) that records uncaught errors and
 * Content-Security-Policy violations (the server sends a strict CSP; the app must live within it).
 */
export async function openPhonePage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return { page, errors };
}

/**
 * A phone-sized page already signed in (the session token and, if given, the language in the app's
 * storage before any script runs), with uncaught errors recorded; the context is returned for closing.
 */
export async function openSignedInPhonePage(
  browser: Browser,
  token: string,
  options: { locale?: string | undefined; colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: PHONE_USER_AGENT,
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.addInitScript(
    ({ saved, chosen }: { saved: string; chosen: string | null }) => {
      window.localStorage.setItem('token', saved);
      if (chosen) window.localStorage.setItem('UNI_LOCALE', chosen);
    },
    { saved: token, chosen: options.locale ?? null },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { latestEmailCode } from './support/outbox';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 19 in the browser: the app is open and signed in, its websocket on the private channel; the
 * user signs out "every other device" from elsewhere. The server closes the app's socket (4401) and
 * the app shows it is signed out at once, without a request of its own failing first.
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let page: Page;

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: token }) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('a session ended elsewhere', () => {
  it('signs the open app out as soon as the server closes its socket', async () => {
    const email = `e2e-end-${Date.now()}@example.com`;
    const password = 'End-Session-4471';
    await post('/getEmailCode', { email, type: 'register' });
    const session = await post<{ token: string }>('/register/email', { email, code: await latestEmailCode(admin, email), password });

    // The app signed in with this session (as after signing in on the page), on the Account tab.
    await page.goto(`${baseUrl}/#/pages/auth/login`);
    await page.evaluate((token) => localStorage.setItem('token', token), session.token);
    const frames: string[] = [];
    let closeSeen = 0;
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/ws')) return;
      ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
      ws.on('close', () => (closeSeen = closeSeen || Date.now()));
    });
    await page.goto(`${baseUrl}/#/pages/profile/index`);
    await page.reload();
    await waitForRoute(page, '/pages/profile/index');
    await page.getByText(email).first().waitFor();
    // The private channel is open: the server answered the app's `auth`.
    await expect.poll(() => frames.some((frame) => frame.includes('"type":"authenticated"')), { timeout: 15_000 }).toBe(true);

    // Elsewhere: the same user signs in and signs out every other device.
    const elsewhere = await post<{ token: string }>('/loginByUsername', { username: email, password });
    const endedAt = Date.now();
    const revoked = await post<{ revoked: number }>('/userCenter/sessions/revokeOthers', {}, elsewhere.token);
    expect(revoked.revoked).toBe(1);

    await waitForRoute(page, '/pages/auth/login');
    const shownAfterMs = Date.now() - endedAt;
    expect(closeSeen).toBeGreaterThanOrEqual(endedAt);
    expect(shownAfterMs).toBeLessThan(5000);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByText('Login Expired').first().waitFor({ timeout: 3000 }).catch(() => undefined);
    await page.screenshot({ path: new URL('./artifacts/session-ended-toast.png', import.meta.url).pathname });
    await screenshot(page, 'session-ended-login');
    process.stdout.write(`session end e2e: the app showed the sign-in page ${shownAfterMs} ms after the other device's revoke\n`);
  }, 60_000);
});

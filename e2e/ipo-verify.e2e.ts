import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { logIn, screenshot } from './support/page';

/*
 * Issue 20, proof for users: an IPO asked for twice over is drawn; a subscriber sees the draw on
 * their subscription (the seed's fingerprint before, then the seed, every ticket range and the
 * digest) and verifies it in the browser, which recomputes the lottery with Web Crypto from those
 * published inputs and shows which of their tickets were drawn. At 390×844, in en, th and de.
 */

const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
/** The purchase window closes this long after the offering is created, so the draw runs during the test. */
const WINDOW_SECONDS = 20;

let browser: Browser;
let phone: Page;
let errors: string[] = [];
let user: TestUser;
let other: TestUser;
let adminToken = '';
let ipoId = 0;
let purchaseEnd = 0;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function api<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json', 'user-agent': PHONE_USER_AGENT },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`POST ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const card = () => phone.getByRole('article', { name: /^Subscription to .* AMD$/ });

async function openDraw(page: Page, show: string) {
  const subscription = page.locator('.ipo-card').filter({ hasText: 'AMD' });
  await subscription.waitFor();
  await subscription.getByRole('button', { name: show }).click();
  const draw = subscription.getByTestId('ipo-draw');
  await draw.waitFor();
  return draw;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: phone, errors } = await openPhonePage(browser));
  const stamp = Date.now();
  user = await registerUser(access, `e2e-draw-${stamp}@example.com`, 'Draw-Wind-4410');
  other = await registerUser(access, `e2e-draw-other-${stamp}@example.com`, 'Draw-Wind-4411');
  for (const subscriber of [user, other]) await creditWallet(access, subscriber.id, 'SUBSCRIPTION', 10_000);
  adminToken = (await api<{ token: string }>('/loginByUsername', '', { username: access.adminEmail, password: access.adminPassword })).token;
  const now = Math.floor(Date.now() / 1000);
  purchaseEnd = now + WINDOW_SECONDS;
  // Five lots offered, nine asked for: the allotment must draw.
  const ipo = await api<{ id: number }>('/admin/ipos', adminToken, {
    stockCode: 'AMD',
    price: 10,
    lotSize: 100,
    sharesOffered: 500,
    prospectusDate: now - 3600,
    purchaseStartDate: now - 60,
    purchaseEndDate: purchaseEnd,
    listDate: now + 86_400,
  });
  ipoId = ipo.id;
  await api('/NewShares/create', user.token, { id: ipoId, quantity: 4 });
  await api('/NewShares/create', other.token, { id: ipoId, quantity: 5 });
});

afterAll(async () => {
  await browser?.close();
});

describe('a subscriber verifies the IPO draw', () => {
  it('before the purchase ends: the seed’s fingerprint and their tickets, no seed yet', async () => {
    await logIn(phone, baseUrl, user);
    await phone.goto(`${baseUrl}/#/pages/product/newstock?tab=mine`);
    await card().waitFor();
    const draw = await openDraw(phone, 'Check the draw');
    await draw.getByText('Published when the purchase has ended').waitFor();
    expect(await draw.getByText(/^No\. 0–3 \(4 lots\)$/).count()).toBeGreaterThan(0);
    expect(await draw.getByRole('button', { name: 'Verify in this browser' }).count()).toBe(0);
    await screenshot(phone, 'ipo-verify-01-before-draw-phone');
  });

  it('after the allotment: recomputes the draw in the browser and shows their drawn tickets', async () => {
    const wait = purchaseEnd * 1000 - Date.now() + 1000;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Staff run the due allotment now (the server's sweep would within seconds).
    await api(`/admin/ipos/${ipoId}/allot`, adminToken, {});
    await phone.reload();
    const draw = await openDraw(phone, 'Check the draw');
    const seed = draw.locator('code.ipo-hash').nth(1);
    expect(await seed.textContent()).toMatch(/^[0-9a-f]{64}$/);
    await draw.getByRole('button', { name: 'Verify in this browser' }).click();
    const verdict = draw.getByTestId('ipo-draw-verdict');
    await verdict.waitFor();
    const text = (await verdict.textContent()) ?? '';
    expect(text).toContain('The seed matches the fingerprint published before');
    expect(text).toContain('Recomputing the draw gives the published digest');
    expect(text).toContain('Every subscriber got the lots the draw gives');
    expect(text).toMatch(/Your tickets drawn: [0-3](, [0-3])*|None of your tickets was drawn\./);
    await screenshot(phone, 'ipo-verify-02-verified-phone');
    expect(errors).toEqual([]);
  });

  for (const [locale, show, verify] of [
    ['th', 'ตรวจสอบการจับฉลาก', 'ตรวจสอบในเบราว์เซอร์นี้'],
    ['de', 'Ziehung prüfen', 'In diesem Browser prüfen'],
  ] as const) {
    it(`reads in ${locale}`, async () => {
      const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
      await context.addInitScript(
        ({ token, chosen }: { token: string; chosen: string }) => {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('UNI_LOCALE', chosen);
        },
        { token: user.token, chosen: locale },
      );
      const page = await context.newPage();
      await page.goto(`${baseUrl}/#/pages/product/newstock?tab=mine`);
      const draw = await openDraw(page, show);
      await draw.getByRole('button', { name: verify }).click();
      await draw.getByTestId('ipo-draw-verdict').waitFor();
      expect(await draw.locator('.ipo-check-bad').count()).toBe(0);
      await screenshot(page, `ipo-verify-${locale}-verified-phone`);
      await context.close();
    });
  }
});

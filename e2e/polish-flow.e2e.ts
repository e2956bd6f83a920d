import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uploadImage } from './support/admin';
import { PHONE_USER_AGENT, launchBrowser } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 20's polish, seen at phone size in English, Thai and German: a robot backtest's trades
 * (oldest first, date and time, P&L per round trip), an inbox notice's amount written the reader's
 * way, the KYC retry form prefilled after a refusal, and a cancelled order with no fee.
 * Screenshots: e2e/artifacts/polish-<screen>-<locale>.png.
 */

const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(48).fill(9)]);

let browser: Browser;
let trader: TestUser;
let applicant: TestUser;
let noticeId = 0;

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_USER_AGENT, ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`POST ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const adminToken = async () => (await api<{ token: string }>('/loginByUsername', { username: access.adminEmail, password: access.adminPassword })).token;

async function pageAs(user: TestUser, locale: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT });
  await context.addInitScript(
    ({ token, chosen }: { token: string; chosen: string }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('UNI_LOCALE', chosen);
    },
    { token: user.token, chosen: locale },
  );
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  const stamp = Date.now();
  trader = await registerUser(access, `e2e-polish-${stamp}@example.com`, 'Polish-Wind-4821');
  applicant = await registerUser(access, `e2e-polish-kyc-${stamp}@example.com`, 'Polish-Wind-4822');
  await creditWallet(access, trader.id, 'STOCK', 10_000);
  await grantTrading(access, trader);
  const admin = await adminToken();

  // A deposit of 1,983.60 credited: its notice carries the amount typed.
  const credentialUrl = await uploadImage(baseUrl, trader.token, JPEG, 'proof.jpg');
  const deposit = await api<{ id: number }>('/recharge/create', { channelId: 1, amount: '1983.60', credentialUrl }, trader.token);
  await api(`/admin/deposits/${deposit.id}/approve`, {}, admin);
  const inbox = await fetch(`${baseUrl}/userMessage/getMessage`, { headers: { Authorization: trader.token, 'user-agent': PHONE_USER_AGENT } });
  const messages = ((await inbox.json()) as { data: { list: Array<{ id: number; title: string }> } }).data.list;
  noticeId = messages.find((m) => m.title === 'Deposit credited')?.id ?? 0;

  // A limit order far below the price, cancelled.
  const order = await api<{ id: number; fee: number }>('/stock/create', { stockCode: 'AAPL', direction: 0, orderType: 1, price: 100, quantity: 1 }, trader.token);
  expect(order.fee).toBeGreaterThan(0);
  const cancelled = await api<{ fee: number }>('/orders/cancel', { id: order.id }, trader.token);
  expect(cancelled.fee).toBe(0);

  // An ID card refused.
  const front = await uploadImage(baseUrl, applicant.token, JPEG, 'front.jpg');
  const back = await uploadImage(baseUrl, applicant.token, JPEG, 'back.jpg');
  const application = await api<{ id: number }>(
    '/updateReal',
    { firstName: 'Grace', lastName: 'Hopper', country: 'US', documentType: 'idcard', documentNumber: 'ID-4455', frontUrl: front, backUrl: back },
    applicant.token,
  );
  await api(`/admin/kyc/${application.id}/reject`, { reason: 'The number is cut off' }, admin);

  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'th', 'de'])('issue 20 polish in %s', (locale) => {
  it('robot backtest: oldest first, date and time, P&L on each round trip’s exit', async () => {
    const { context, page } = await pageAs(trader, locale);
    await page.goto(`${baseUrl}/#/pages/robot/detail?strategy=grid`);
    await waitForRoute(page, '/pages/robot/detail');
    await page.locator('form button[type="button"].text-button').click();
    const result = page.locator('.robot-backtest');
    await result.waitFor();
    const times = await result.locator('.robot-trade time').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    const stamps = await result.locator('.robot-trade time').evaluateAll((nodes) => nodes.map((n) => Date.parse(n.getAttribute('datetime') ?? '')));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    await result.locator('.robot-trades').scrollIntoViewIfNeeded();
    await screenshot(page, `polish-backtest-${locale}`, { fullPage: false });
    await context.close();
  });

  it('inbox notice: the amount in the reader’s way', async () => {
    expect(noticeId).toBeGreaterThan(0);
    const { context, page } = await pageAs(trader, locale);
    await page.goto(`${baseUrl}/#/pages/notice/detail?id=${noticeId}`);
    const expected = { en: '$1,983.60', th: '$1,983.60', de: '1.983,60\u00a0$' }[locale]!;
    await page.getByText(expected, { exact: false }).first().waitFor();
    await screenshot(page, `polish-inbox-${locale}`);
    await context.close();
  });

  it('KYC retry form: prefilled with what was sent', async () => {
    const { context, page } = await pageAs(applicant, locale);
    await page.goto(`${baseUrl}/#/pages/kycverify/idcard`);
    await page.locator('.kyc-prefilled').waitFor();
    expect(await page.locator('input[name="firstName"]').inputValue()).toBe('Grace');
    expect(await page.locator('input[name="documentNumber"]').inputValue()).toBe('ID-4455');
    await page.locator('.image-picker-preview').nth(1).waitFor();
    await screenshot(page, `polish-kyc-retry-${locale}`);
    await context.close();
  });

  it('cancelled order: no fee', async () => {
    const { context, page } = await pageAs(trader, locale);
    await page.goto(`${baseUrl}/#/pages/trade/index?tab=history`);
    const fee = page.getByTestId('order-fee').first();
    await fee.waitFor();
    expect(await fee.textContent()).toMatch(/—$/);
    await screenshot(page, `polish-cancelled-order-${locale}`);
    await context.close();
  });
});

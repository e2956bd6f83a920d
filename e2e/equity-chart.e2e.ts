import type { EquityHistory } from '@tradewind/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, startE2eServer } from './global-setup';
import { PHONE_USER_AGENT, launchBrowser, openSignedInPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { screenshot, waitForRoute } from './support/page';

/*
 * Issue 20: the account value chart at 390×844. Moving a server's clock days ahead would confuse
 * every other browser test (TOTP codes, IPO windows, dates), so this file starts a server of its
 * own (a few symbols, a month of history) with APP_CLOCK_CONTROL: an admin moves its clock whole
 * days ahead (the hour stays the browser's), and each move answers once the new day's snapshots are
 * taken, so a few days of history are built in seconds. Money is paid in between the days: the line
 * climbs with the deposits while the P&L stays 0 (deposits are not earnings). Screenshots of
 * Account and the Trade tab in en, th and de (and en dark, and a new account's empty state) go to
 * e2e/artifacts/equity-*.png to be looked at.
 */

const ADMIN_EMAIL = 'admin@tradewind.test';
const ADMIN_PASSWORD = 'E2e-Equity-Pass-7352';
let baseUrl = '';
let admin = { baseUrl, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD };
let server: E2eServer | undefined;
const DAY_HOURS = 24;

async function startOwnServer(): Promise<void> {
  // Longer than the shared server's wait: this one starts while the shared one runs beside it.
  server = await startE2eServer({
    adminPassword: ADMIN_PASSWORD,
    logName: 'equity-server.log',
    env: { APP_CLOCK_CONTROL: 'true', MARKET_SYMBOLS: 'AAPL,MSFT,EURUSD,SPX', MARKET_HISTORY_DAYS: '30' },
    timeoutMs: 240_000,
  });
  baseUrl = server.baseUrl;
  admin = { baseUrl, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD };
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_USER_AGENT, ...(init.token && { authorization: init.token }) },
  });
  return (await response.json()) as Envelope<T>;
}

/** Moves the server's clock `hours` ahead; it answers once that day's snapshots are taken (0: today's, now). */
async function advance(hours: number): Promise<void> {
  const session = await api<{ token: string }>('/loginByUsername', { method: 'POST', body: JSON.stringify({ username: admin.adminEmail, password: admin.adminPassword }) });
  const moved = await api<{ now: string }>('/admin/appClock/advance', { method: 'POST', token: session.data.token, body: JSON.stringify({ hours }) });
  if (moved.code !== 200) throw new Error(`moving the clock answered ${moved.code}: ${moved.msg}`);
}

const history = async (user: TestUser, range: string) => api<EquityHistory>(`/account/equityHistory?range=${range}`, { token: user.token });

/** Waits until the user's history holds `stored` snapshots besides today's live point. */
async function waitForSnapshots(user: TestUser, stored: number): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    const answer = await history(user, 'ALL');
    if (answer.data.points.filter((p) => !p.live).length >= stored) return;
    if (Date.now() > until) throw new Error(`${stored} snapshots were not taken: ${JSON.stringify(answer.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let browser: Browser;
let user: TestUser;

beforeAll(async () => {
  await startOwnServer();
  user = await registerUser(admin, `e2e-equity-${Date.now()}@example.com`, 'Trade-Wind-5937');
  // Day 0: 1,000 paid in, snapshotted; day 1: 500 more; day 2: 250 more, and today is day 2 (live).
  await creditWallet(admin, user.id, 'BALANCE', 1_000);
  await advance(0);
  await creditWallet(admin, user.id, 'BALANCE', 500);
  await advance(DAY_HOURS);
  await waitForSnapshots(user, 1);
  await creditWallet(admin, user.id, 'BALANCE', 250);
  await advance(DAY_HOURS);
  await waitForSnapshots(user, 2);
  browser = await launchBrowser();
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function phonePage(token: string, locale: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await openSignedInPhonePage(browser, token, { locale, colorScheme });
  return { page, errors, close: () => context.close() };
}

/** Opens a tab and waits for the chart card to have drawn (or explained) its points. */
async function openChart(page: Page, route: string, points: number): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
  await waitForRoute(page, route);
  await page.locator(`[data-testid="equity-chart"][data-points="${points}"]`).waitFor({ timeout: 30_000 });
  if (points > 1) await page.locator('[data-testid="equity-chart"] canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const account = '/pages/profile/index';
const trade = '/pages/trade/index';

describe('the account value chart over a few days of snapshots', () => {
  it('answers the days snapshotted and today live, the deposits apart from the P&L', async () => {
    const answer = await history(user, '1M');
    expect(answer.code).toBe(200);
    expect(answer.data.points.map((p) => [p.valueMinor, p.netDepositsMinor, p.pnlMinor, p.live])).toEqual([
      [1_000_00, 0, 0, false],
      [1_500_00, 500_00, 0, false],
      [1_750_00, 750_00, 0, true],
    ]);
    const days = answer.data.points.map((p) => p.day);
    expect(new Set(days).size).toBe(3);
    expect([...days].sort()).toEqual(days);
    const refused = await history(user, '2W');
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('Period');
  });

  it('en: Account and Trade draw the line with the range switch; the P&L is 0 and the deposits +$750.00', async () => {
    const { page, errors, close } = await phonePage(user.token, 'en');
    try {
      await openChart(page, account, 3);
      const card = page.getByRole('region', { name: 'Account value' });
      expect(await card.getByRole('figure', { name: 'Account value chart, 1M' }).count()).toBe(1);
      expect(await card.getByTestId('equity-net-deposits').textContent()).toBe('+$750.00');
      expect(await card.getByTestId('equity-pnl').textContent()).toBe('$0.00');
      await screenshot(page, 'equity-en-account');

      await card.getByRole('button', { name: '1W' }).click();
      await card.getByRole('figure', { name: 'Account value chart, 1W' }).waitFor();
      expect(await card.getByRole('button', { name: '1W' }).getAttribute('aria-pressed')).toBe('true');

      await openChart(page, trade, 3);
      expect(await page.getByRole('region', { name: 'Account value' }).getByTestId('equity-net-deposits').textContent()).toBe('+$750.00');
      await screenshot(page, 'equity-en-trade');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  for (const [locale, title, deposits] of [
    ['th', 'มูลค่าบัญชี', '+$750.00'],
    ['de', 'Kontowert', '+750,00 $'],
  ] as const) {
    it(`${locale}: the chart in its language on Account and Trade`, async () => {
      const { page, errors, close } = await phonePage(user.token, locale);
      try {
        await openChart(page, account, 3);
        const card = page.getByRole('region', { name: title });
        expect(((await card.getByTestId('equity-net-deposits').textContent()) ?? '').replace(/\s/g, ' ')).toBe(deposits);
        await screenshot(page, `equity-${locale}-account`);
        await openChart(page, trade, 3);
        await screenshot(page, `equity-${locale}-trade`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('en dark: the chart on the dark theme', async () => {
    const { page, errors, close } = await phonePage(user.token, 'en', 'dark');
    try {
      await openChart(page, trade, 3);
      await screenshot(page, 'equity-en-trade-dark');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a new account (one point) is told why there is no line yet', async () => {
    const newcomer = await registerUser(admin, `e2e-equity-new-${Date.now()}@example.com`, 'Trade-Wind-5937');
    const { page, errors, close } = await phonePage(newcomer.token, 'en');
    try {
      await openChart(page, account, 1);
      expect(await page.getByRole('region', { name: 'Account value' }).getByText(/Your chart fills in day by day/).count()).toBe(1);
      await screenshot(page, 'equity-en-account-empty');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

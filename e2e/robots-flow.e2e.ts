import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute as waitForPageRoute } from './support/page';

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;

const shot = (name: string) => screenshot(page, `robots-${name}`);

const waitForRoute = (path: string) => waitForPageRoute(page, path);

const robotCard = () => page.getByRole('article', { name: 'Grid · AAPL' });

beforeAll(async () => {
  user = await registerUser(admin, `e2e-robots-${Date.now()}@example.com`, 'Robot-Wind-8264');
  await creditWallet(admin, user.id, 'STOCK', 10_000);
  await grantTrading(admin, user);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('quant robots at phone size', () => {
  it('logs in and finds the robots from home', async () => {
    await logIn(page, baseUrl, user);
    await page.goto(`${baseUrl}/#/pages/home/index`);
    await page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Quant robots' }).click();
    await waitForRoute('/pages/robot/index');
    await page.getByRole('article', { name: 'Moving-average crossover' }).waitFor();
    await shot('01-catalogue');
  });

  it('backtests a grid around the current price', async () => {
    await page.getByRole('article', { name: 'Grid' }).getByRole('link', { name: 'Set up and backtest' }).click();
    await waitForRoute('/pages/robot/detail');
    const priceText = (await page.getByTestId('robot-price').textContent()) ?? '';
    const price = Number(priceText.replaceAll(',', ''));
    expect(price).toBeGreaterThan(0);
    // Twenty lines within ±0.1 % of the price, a few cents apart: the simulator's moves cross some within seconds.
    await page.getByLabel('Lower price').fill((price * 0.999).toFixed(2));
    await page.getByLabel('Upper price').fill((price * 1.001).toFixed(2));
    await page.getByLabel('Number of grids').fill('20');
    await page.getByLabel('Amount per grid').fill('1000');
    await page.getByLabel(/^Amount \(USD/).fill('5000');
    await page.getByRole('button', { name: 'Backtest' }).click();
    const result = page.getByRole('region', { name: 'Backtest on history' });
    await result.waitFor();
    expect(await result.getByText('Max drawdown').count()).toBe(1);
    await shot('02-backtest');
  });

  it('starts the robot and sees its trades appear', async () => {
    await page.getByRole('button', { name: 'Start robot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start this robot?' });
    await dialog.getByRole('button', { name: 'Start robot' }).click();
    await waitForRoute('/pages/robot/mine');
    await robotCard().waitFor();
    expect(await robotCard().getByText('Running', { exact: true }).count()).toBe(1);
    await robotCard().getByRole('button', { name: 'Purchase record' }).click();
    await robotCard().getByTestId('robot-trade').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="robot-trade"]').length >= 2, undefined, { timeout: 60_000 }).catch(() => undefined);
    await shot('03-trades');

    // The robot's orders are ordinary orders in the user's history.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const post = async <T>(path: string, body: unknown) =>
      ((await (await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: token ?? '' }, body: JSON.stringify(body) })).json()) as { data: T }).data;
    const robots = await post<{ list: { id: number; tradeCount: number }[] }>('/robot/pageList', {});
    const record = await post<{ list: { order: { id: number } | null }[] }>('/robot/purchaseRecord', { id: robots.list[0]?.id });
    const history = await post<{ list: { id: number }[] }>('/position/water/pageList', { pageSize: 100 });
    const ids = new Set(history.list.map((o) => o.id));
    const filled = record.list.filter((s) => s.order !== null);
    expect(filled.length).toBeGreaterThan(0);
    for (const step of filled) expect(ids.has(step.order!.id)).toBe(true);
  });

  it('pauses, then stops it and closes what it holds', async () => {
    await robotCard().getByRole('button', { name: 'Pause' }).click();
    await robotCard().getByText('Paused', { exact: true }).waitFor();
    await shot('04-paused');
    await robotCard().getByRole('button', { name: 'Stop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop this robot?' });
    await dialog.getByRole('button', { name: 'Stop and close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await robotCard().getByText('Stopped', { exact: true }).waitFor();
    expect(await robotCard().getByTestId('robot-held').textContent()).toBe('0');
    expect(await robotCard().getByRole('button', { name: 'Resume' }).count()).toBe(0);
    await shot('05-stopped');
    expect(pageErrors).toEqual([]);
  });
});

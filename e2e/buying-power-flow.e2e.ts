import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE_USER_AGENT, launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, grantTrading, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute } from './support/page';

/*
 * Issue 18, one view of buying power, at 390×844: a user whose money is all in the Funding wallet
 * (as after an approved deposit) buys AAPL from the order page in one confirmed step — the missing
 * amount moves from Funding and the order fills together — then sees on Account where every dollar
 * is: total equity, what is available, and why the rest is held. Screenshots in en, de and th.
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const orderPath = '/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;

const artifact = (name: string) => fileURLToPath(new URL(`artifacts/${name}.png`, import.meta.url));
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

async function api<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_USER_AGENT, Authorization: user.token },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`POST ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

async function localizedPage(locale: string): Promise<{ context: BrowserContext; page: Page }> {
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
  user = await registerUser(admin, `e2e-buying-power-${Date.now()}@example.com`, 'Trade-Wind-5937');
  // As after a $25,000 deposit is approved: everything in Funding, nothing in the Stock wallet.
  await creditWallet(admin, user.id, 'BALANCE', 25_000);
  await grantTrading(admin, user);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('buying power at phone size', () => {
  it('buys AAPL with money only in Funding, in one confirmed step', async () => {
    await logIn(page, baseUrl, user);
    await page.goto(`${baseUrl}/#${orderPath}`);
    await waitForRoute(page, '/pages/payment/stock');
    await page.getByTestId('preview-available').filter({ hasText: '$0.00' }).waitFor();
    await page.getByLabel('Quantity', { exact: true }).fill('2');

    // The page says what the other wallets hold and offers the one step.
    const card = page.getByTestId('fund-from-wallets');
    const button = card.getByTestId('fund-and-place');
    await button.waitFor();
    expect(await card.innerText()).toContain('Funding wallet');
    expect(await card.innerText()).toContain('$25,000.00');
    const label = (await button.textContent()) ?? '';
    expect(label).toMatch(/^Transfer \$[\d,]+\.\d{2} from the Funding wallet and place the order$/);
    const total = money(await page.getByTestId('preview-total').textContent());
    const offered = money(/\$[\d,]+\.\d{2}/.exec(label)?.[0] ?? null);
    // The cost plus 1% for the price moving before the fill, rounded up to the cent.
    expect(offered).toBeGreaterThanOrEqual(total);
    expect(offered).toBeLessThanOrEqual(Math.ceil(total * 1.01 * 100) / 100 + 0.01);
    await screenshot(page, 'buying-power-en-01-order-short');

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Transfer and place in one step' });
    await dialog.waitFor();
    const confirmed = await dialog.innerText();
    expect(confirmed).toContain('from the Funding wallet to the Stock wallet');
    // What the dialog says is what moves (the button's figure follows the live price until the dialog opens).
    const confirmedAmount = money(/Transfer (\$[\d,]+\.\d{2}) from the Funding wallet/.exec(confirmed)?.[1] ?? null);
    expect(confirmedAmount).toBeGreaterThan(0);
    expect(await dialog.innerText()).toContain('If the order is refused, nothing moves');
    await screenshot(page, 'buying-power-en-02-confirm', { fullPage: false });

    const answered = page.waitForResponse((response) => response.url().endsWith('/wallet/fundAndPlace'));
    await dialog.getByRole('button', { name: 'Transfer and place' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const sent = response.request().postDataJSON() as { transfer: { idempotencyKey: string; amount: string }; action: { kind: string; idempotencyKey: string } };
    expect(sent.action.kind).toBe('stock');
    expect(sent.transfer.idempotencyKey).not.toBe(sent.action.idempotencyKey);
    const result = (await response.json()) as { data: { transfer: { status: string; amount: number }; order: { status: number; margin: number; fee: number } } };
    expect(result.data.transfer).toMatchObject({ status: 'settled', amount: confirmedAmount });
    expect(result.data.order.status).toBe(1);

    await waitForRoute(page, '/pages/trade/index');
    await page.getByRole('article', { name: 'Apple Inc AAPL' }).waitFor();
    const transfers = await api<{ total: number }>('/wallet/transferList', {});
    expect(transfers.total).toBe(1);
  });

  it('shows on Account where the money is: equity, available, and why the rest is held', async () => {
    // A transfer still in its cancel window, so the breakdown has a reason to show.
    await api('/wallet/transfer', { fromWallet: 'BALANCE', toWallet: 'FOREX', amount: '100' });
    await page.goto(`${baseUrl}/#/pages/profile/index`);
    const card = page.getByTestId('buying-power');
    await card.getByTestId('bp-holds').waitFor();
    expect(await card.getByTestId('bp-holds').innerText()).toContain('Transfers not yet settled');
    expect(await card.getByTestId('bp-pending').textContent()).toBe('$100.00');
    const funding = await card.getByTestId('bp-wallet-BALANCE-USD').innerText();
    const stock = await card.getByTestId('bp-wallet-STOCK-USD').innerText();
    expect(funding).toContain('Funding wallet');
    expect(funding).toContain('$100.00 held');
    expect(stock).toContain('Stock wallet');
    // The parts add up to the total, to the cent.
    const parts = await Promise.all(['bp-available', 'bp-frozen', 'bp-pending', 'bp-positions'].map(async (id) => money(await card.getByTestId(id).textContent())));
    const total = money(await card.getByTestId('bp-total-equity').textContent());
    expect(Math.round(parts.reduce((sum, v) => sum + v, 0) * 100)).toBe(Math.round(total * 100));
    // Nothing was lost on the way: $25,000 less the fee, give or take the open position's floating result.
    expect(total).toBeGreaterThan(24_000);
    expect(total).toBeLessThan(25_000);
    await screenshot(page, 'buying-power-en-03-account');
    // The card alone too: in a full-page shot the fixed tab bar is drawn over its lower part.
    await card.screenshot({ path: artifact('buying-power-en-04-account-card') });
    expect(pageErrors).toEqual([]);
  });

  it('Taiwan: the TWD wallet is funded from USD at the quoted rate, in the same step', async () => {
    await page.goto(`${baseUrl}/#/pages/payment/stock?name=TSMC&code=2330&source=7&market=TWSE`);
    await page.getByTestId('order-last-price').waitFor();
    await page.getByTestId('preview-available').filter({ hasText: 'NT$0.00' }).waitFor();
    // Taiwan orders choose the lot type first: 10 shares are an odd lot.
    await page.getByRole('button', { name: 'Odd lot' }).click();
    await page.getByLabel('Shares (1–999)').fill('10');
    const button = page.getByTestId('fund-and-place');
    await button.waitFor();
    // What leaves Funding is in dollars; what arrives in the Taiwan wallet is in NT$.
    expect(await button.textContent()).toMatch(/^Transfer \$[\d,]+\.\d{2} from the Funding wallet and place the order$/);
    expect(await page.getByTestId('fund-from-wallets').innerText()).toMatch(/The Taiwan stock wallet is NT\$[\d,]+\.\d{2} short/);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Transfer and place in one step' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/Arrives as NT\$[\d,]+\.\d{2} \(rate [\d.,]+\)/);
    await screenshot(page, 'buying-power-en-05-taiwan-confirm', { fullPage: false });
    const answered = page.waitForResponse((response) => response.url().endsWith('/wallet/fundAndPlace'));
    await dialog.getByRole('button', { name: 'Transfer and place' }).click();
    const response = await answered;
    const result = (await response.json()) as { code: number; data: { transfer: { currency: string; toCurrency: string }; order: { currency: string; status: number } } };
    expect(result.code).toBe(200);
    expect(result.data.transfer).toMatchObject({ currency: 'USD', toCurrency: 'TWD' });
    expect(result.data.order).toMatchObject({ currency: 'TWD', status: 1 });
    await waitForRoute(page, '/pages/trade/index');
  });

  it('IPO and follow pages offer the same step: each subscribes or follows from Funding at once', async () => {
    // The demo offering RDDT is open for a week from the server's first start.
    await page.goto(`${baseUrl}/#/pages/payment/newstock?code=RDDT&source=5`);
    const form = page.getByRole('form', { name: 'Subscribe to RDDT' });
    await form.waitFor();
    await form.getByLabel(/Quantity/).fill('1');
    const ipoOffer = page.getByRole('button', { name: /^Transfer \$[\d,]+\.\d{2} from the Funding wallet and subscribe$/ });
    await ipoOffer.waitFor();
    await screenshot(page, 'buying-power-en-06-ipo-short');
    await ipoOffer.click();
    const ipoAnswer = page.waitForResponse((response) => response.url().endsWith('/wallet/fundAndPlace'));
    await page.getByRole('dialog', { name: 'Transfer and place in one step' }).getByRole('button', { name: 'Transfer and place' }).click();
    const ipo = (await (await ipoAnswer).json()) as { code: number; data: { transfer: { toWallet: string }; subscription: { quantity: number } } };
    expect(ipo.code).toBe(200);
    expect(ipo.data.transfer.toWallet).toBe('SUBSCRIPTION');
    expect(ipo.data.subscription.quantity).toBe(1);
    await waitForRoute(page, '/pages/product/newstock');

    const [agency] = await (await fetch(`${baseUrl}/userFollowInvest/getInvestAgencyList`)).json().then((answer: { data: Array<{ id: number; name: string }> }) => answer.data);
    await page.goto(`${baseUrl}/#/pages/payment/follow?agencyId=${agency!.id}`);
    const followForm = page.getByRole('form', { name: `Follow ${agency!.name}` });
    await followForm.waitFor();
    await followForm.getByLabel('Amount (USD)').fill('500');
    const followOffer = page.getByRole('button', { name: 'Transfer $500.00 from the Funding wallet and follow' });
    await followOffer.waitFor();
    await screenshot(page, 'buying-power-en-07-follow-short');
    await followOffer.click();
    const followAnswer = page.waitForResponse((response) => response.url().endsWith('/wallet/fundAndPlace'));
    await page.getByRole('dialog', { name: 'Transfer and place in one step' }).getByRole('button', { name: 'Transfer and place' }).click();
    const followed = (await (await followAnswer).json()) as { code: number; data: { transfer: { toWallet: string; amount: number }; follow: { amount: number } } };
    expect(followed.code).toBe(200);
    expect(followed.data.transfer).toMatchObject({ toWallet: 'FOLLOW', amount: 500 });
    expect(followed.data.follow.amount).toBe(500);
    await waitForRoute(page, '/pages/product/follow');
    expect(pageErrors).toEqual([]);
  });

  for (const locale of ['de', 'th'] as const) {
    it(`${locale}: the order page's offer and the Account breakdown are translated`, async () => {
      const { context, page: localized } = await localizedPage(locale);
      try {
        await localized.goto(`${baseUrl}/#${orderPath}`);
        await localized.getByTestId('order-last-price').waitFor();
        // A quantity the Stock wallet's leftover cannot pay for.
        await localized.locator('input[name="quantity"]').fill('50');
        const button = localized.getByTestId('fund-and-place');
        await button.waitFor();
        expect(await button.textContent()).not.toContain('Transfer');
        await screenshot(localized, `buying-power-${locale}-01-order-short`);
        await localized.goto(`${baseUrl}/#/pages/profile/index`);
        await localized.getByTestId('bp-wallets').waitFor();
        expect(await localized.getByTestId('buying-power').innerText()).not.toContain('Transfers not yet settled');
        await screenshot(localized, `buying-power-${locale}-02-account`);
        await localized.getByTestId('buying-power').screenshot({ path: artifact(`buying-power-${locale}-03-account-card`) });
      } finally {
        await context.close();
      }
    });
  }
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, openDesktopPage } from './support/admin';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, registerUser } from './support/funding';
import { screenshot, waitForRoute as waitForPageRoute } from './support/page';

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const payPassword = 'Vault-Key-6048';

let browser: Browser;
let page: Page;
/** The back office at desktop size, signed in as the admin. */
let desk: Page;
let deskErrors: string[];
let pageErrors: string[];
let user: TestUser;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/*
 * The back office's side, through its API as an operator's screen would call it: find this user's
 * pending item in a queue and approve it.
 */
let adminToken: string | undefined;

async function adminCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  if (!adminToken) {
    const login = await fetch(`${baseUrl}/loginByUsername`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.adminEmail, password: admin.adminPassword }),
    });
    adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${method} ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const reviewQueues = {
  deposits: { record: 'Deposit', approve: 'Approve' },
  withdrawals: { record: 'Withdrawal', approve: 'Pay out' },
  kyc: { record: 'Identity application', approve: 'Verify' },
} as const;

/**
 * Staff approve the user's waiting item the way they do at work: in the back office (#/admin) at
 * desktop size, opening the record from its queue and confirming in the dialog. The API is only
 * read, to know which record is this test user's.
 */
async function approveInBackOffice(queue: keyof typeof reviewQueues): Promise<number> {
  const pending = await adminCall<{ list: { id: number; userId: number }[] }>('GET', `/admin/${queue}?status=1&pageSize=100`);
  const item = pending.list.find((entry) => entry.userId === user.id);
  if (!item) throw new Error(`nothing of user ${user.id} waits in the ${queue} queue`);
  const { record, approve } = reviewQueues[queue];
  await desk.goto(`${baseUrl}/#/admin/${queue}`);
  const row = desk.getByRole('row', { name: `${record} #${item.id}`, exact: true });
  await row.click();
  const detail = desk.getByRole('dialog', { name: `${record} #${item.id}`, exact: true });
  await detail.getByRole('button', { name: approve, exact: true }).click();
  // The confirmation is portalled after the record's drawer, so it is the last dialog.
  const confirm = desk.getByRole('dialog').last();
  await confirm.getByRole('heading', { name: /\?$/ }).waitFor();
  await confirm.getByRole('button', { name: approve, exact: true }).click();
  await detail.waitFor({ state: 'detached' });
  await row.waitFor({ state: 'detached' });
  await screenshot(desk, `funding-admin-${queue}-approved`, { fullPage: false });
  return item.id;
}

const shot = (name: string) => screenshot(page, `funding-${name}`);

const waitForRoute = (path: string) => waitForPageRoute(page, path);

async function open(path: string) {
  await page.goto(`${baseUrl}/#${path}`);
  await waitForRoute(path);
}

/**
 * A photo as a phone's album would hand it over: a large PNG (2400 px tall, drawn in the page's own
 * canvas), so the app's compression to a JPEG of at most 1600 px has something to do.
 */
async function photo(name: string, lines: string[]): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 2400;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const gradient = context.createLinearGradient(0, 0, 1600, 2400);
    gradient.addColorStop(0, '#f4f7ff');
    gradient.addColorStop(1, '#dfe7fb');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 1600, 2400);
    // Noise, as a camera adds: a flat image would compress to nothing.
    for (let i = 0; i < 40_000; i += 1) {
      context.fillStyle = `rgba(${(i * 37) % 255}, ${(i * 91) % 255}, ${(i * 53) % 255}, 0.25)`;
      context.fillRect((i * 7919) % 1600, (i * 104_729) % 2400, 3, 3);
    }
    context.fillStyle = '#131a2a';
    context.font = 'bold 96px sans-serif';
    text.forEach((line, index) => context.fillText(line, 120, 400 + index * 180));
    return canvas.toDataURL('image/png');
  }, lines);
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') };
}

/**
 * The Account tab. Only tab pages carry the tab bar (SPEC §2: every other page sits under the nav
 * bar), so from a deposit, withdrawal or KYC page it is opened by its address, as a bookmark would.
 */
async function openAccount() {
  await open('/pages/profile/index');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).waitFor();
}

beforeAll(async () => {
  user = await registerUser(admin, `e2e-funding-${Date.now()}@example.com`, 'Fund-Wind-7315');
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
  ({ page: desk, errors: deskErrors } = await openDesktopPage(browser));
  await desk.goto(`${baseUrl}/#/pages/auth/login`);
  await logInOnPage(desk, admin.adminEmail, admin.adminPassword);
});

afterAll(async () => {
  await browser?.close();
});

describe('deposits, withdrawals, payment methods, KYC and the inbox at phone size', () => {
  it('logs in', async () => {
    await open('/pages/auth/login');
    await page.getByLabel('E-mail', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitForRoute('/pages/profile/index');
    await page.getByTestId('account-email').filter({ hasText: user.email }).waitFor();
  });

  it('deposits by bank transfer with a screenshot of the payment', async () => {
    await page.getByRole('navigation', { name: 'Funds' }).getByRole('link', { name: 'Deposit' }).click();
    await waitForRoute('/pages/deposit/index');
    await page.getByTestId('deposit-balance').filter({ hasText: '$0.00' }).waitFor();
    await page.getByRole('navigation', { name: 'Digital currency' }).waitFor();
    await shot('01-deposit-index');

    await page.getByRole('link', { name: /USDT \(TRC20\)/ }).click();
    await waitForRoute('/pages/deposit/wallet');
    await page.getByTestId('deposit-address').waitFor();
    await shot('02-deposit-wallet');
    await page.goBack();

    await page.getByRole('link', { name: /Bank transfer \(USD\)/ }).click();
    await waitForRoute('/pages/deposit/fiat');
    await page.getByTestId('deposit-account-number').waitFor();
    await shot('03-deposit-fiat');

    // The rules first: the screenshot is required, the minimum is 1.
    await page.getByLabel('Amount (USD)').fill('0.5');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByText('The minimum deposit is 1 USD').waitFor();
    await page.getByText('Please upload your credentials first').waitFor();
    await shot('04-deposit-fiat-errors');

    await page.getByLabel('Amount (USD)').fill('500');
    // Chromium hands a multipart body with a file to the tools only when the request is intercepted:
    // route it through unchanged so the bytes sent can be read below.
    await page.route('**/file/upload', (route) => route.continue());
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/file/upload'));
    await page.getByLabel('Payment screenshot').setInputFiles(await photo('transfer-receipt.png', ['First Harbor Bank', 'Transfer sent', 'USD 500.00']));
    const upload = await uploaded;
    expect(upload.status()).toBe(200);
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    // Compressed on the phone: the album's PNG went up as a JPEG.
    const sent = upload.request().postDataBuffer()?.toString('latin1') ?? '';
    expect(sent).toContain('filename="transfer-receipt.jpg"');
    expect(sent).toContain('Content-Type: image/jpeg');
    await page.unroute('**/file/upload');
    await page.getByRole('img', { name: 'Payment screenshot' }).waitFor();
    await shot('05-deposit-fiat-filled');

    const created = page.waitForResponse((response) => response.url().endsWith('/recharge/create'));
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    expect((await created).status()).toBe(200);
    await waitForRoute('/pages/deposit/record');
    const deposits = page.getByRole('list', { name: 'Deposits' });
    await deposits.getByText('Pending review').waitFor();
    expect(await deposits.getByTestId('record-amount').first().textContent()).toBe('+$500.00');
    await deposits.getByRole('button', { name: 'Show screenshot' }).click();
    await deposits.getByRole('img', { name: 'Payment screenshot' }).waitFor();
    await shot('06-deposit-record-pending');
  });

  it('sees the balance once staff approve the deposit', async () => {
    await approveInBackOffice('deposits');
    await page.reload();
    await page.getByRole('list', { name: 'Deposits' }).getByText('Review passed').waitFor();
    await shot('07-deposit-record-passed');

    await open('/pages/deposit/index');
    await page.getByTestId('deposit-balance').filter({ hasText: '$500.00' }).waitFor();
    await openAccount();
    await page.getByTestId('account-total-assets').filter({ hasText: '$500.00' }).waitFor();
  });

  it('saves a bank card, and refuses a wallet address of the wrong network', async () => {
    await page.getByRole('link', { name: 'Bank cards' }).click();
    await waitForRoute('/pages/bcard/index');
    await page.getByText('No bank cards saved.').waitFor();
    await shot('08-methods-empty');

    await page.getByRole('link', { name: 'Add bank card' }).click();
    await waitForRoute('/pages/bcard/modify');
    await page.getByLabel('Bank name').fill('First Harbor Bank');
    await page.getByLabel('Account holder name').fill('Ada Lovelace');
    await page.getByLabel('Card or account number').fill('4000 1234 5678 9087');
    await shot('09-bank-card-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute('/pages/bcard/index');
    const cards = page.getByRole('list', { name: 'Bank cards' });
    await cards.getByText('First Harbor Bank').waitFor();
    expect(await cards.getByTestId('method-number').textContent()).toBe('********9087');

    await page.getByRole('link', { name: 'Add wallet' }).click();
    await waitForRoute('/pages/vm/modify');
    await page.getByLabel('Wallet address').fill('0x4E83362442B8d1beC281594CEa3050c8EB01311C');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This is not a valid TRC20 address').waitFor();
    await shot('10-wallet-form-error');
    await page.getByRole('button', { name: 'ERC20' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute('/pages/bcard/index');
    await page.getByRole('list', { name: 'Digital wallets' }).getByText('USDT').waitFor();
    await shot('11-methods');
  });

  it('withdraws to the card with the pay password, set on the way', async () => {
    await openAccount();
    await page.getByRole('navigation', { name: 'Funds' }).getByRole('link', { name: 'Withdraw' }).click();
    await waitForRoute('/pages/withdraw/bcard');
    await page.getByTestId('withdraw-available').filter({ hasText: '$500.00' }).waitFor();
    await page.getByText('Set a transaction password first.').waitFor();
    await shot('12-withdraw-no-pay-password');

    await page.getByRole('link', { name: 'Set it now' }).click();
    await waitForRoute('/pages/setting/paypwd');
    await page.getByLabel('New transaction password', { exact: true }).fill(payPassword);
    await page.getByLabel('Confirm transaction password', { exact: true }).fill(payPassword);
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForRoute('/pages/withdraw/bcard');
    await page.getByText('Set a transaction password first.').waitFor({ state: 'detached' });

    expect(await page.getByRole('radio', { name: /First Harbor Bank/ }).getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Amount (USD)').fill('120');
    await page.getByLabel('Transaction password').fill(payPassword);
    await shot('13-withdraw-filled');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm withdrawal' });
    await dialog.getByText('$120.00').waitFor();
    // The dialog and its mask fade in; the screenshot waits until they are fully shown.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.adm-center-popup-wrap > div, .adm-center-popup-mask')).every((element) => getComputedStyle(element).opacity === '1'),
    );
    await shot('14-withdraw-confirm');
    const applied = page.waitForResponse((response) => response.url().endsWith('/withdrawal/withdrawal-apply'));
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    const answer = await applied;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ amount: '120', payPassword });

    await waitForRoute('/pages/deposit/record');
    const withdrawals = page.getByRole('list', { name: 'Withdrawals' });
    await withdrawals.getByText('Pending review').waitFor();
    expect(await withdrawals.getByTestId('record-amount').first().textContent()).toBe('-$120.00');
    await shot('15-withdraw-record-pending');
  });

  it('sees the payout in the records, the balance and the inbox', async () => {
    await approveInBackOffice('withdrawals');
    await page.reload();
    await page.getByRole('list', { name: 'Withdrawals' }).getByText('Review passed').waitFor();
    await shot('16-withdraw-record-paid');

    await open('/pages/deposit/index');
    await page.getByTestId('deposit-balance').filter({ hasText: '$380.00' }).waitFor();

    await open('/pages/notice/index');
    const messages = page.getByRole('list', { name: 'Messages' });
    const payout = messages.getByRole('listitem').filter({ hasText: 'Withdrawal paid out' });
    await payout.getByRole('img', { name: 'Unread' }).waitFor();
    await page.getByTestId('inbox-unread').filter({ hasText: '2 unread' }).waitFor();
    await shot('17-inbox');

    await payout.getByRole('link').click();
    await waitForRoute('/pages/notice/detail');
    await page.getByRole('heading', { level: 2, name: 'Withdrawal paid out' }).waitFor();
    await page.getByText(/Your withdrawal of \$120\.00 to First Harbor Bank \*+9087 was paid out\./).waitFor();
    await shot('18-inbox-detail');
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForRoute('/pages/notice/index');
    await page.getByTestId('inbox-unread').filter({ hasText: '1 unread' }).waitFor();
    expect(await payout.getByRole('img', { name: 'Unread' }).count()).toBe(0);
  });

  it('shows the other ways to withdraw', async () => {
    await open('/pages/withdraw/vm');
    await page.getByRole('radio', { name: /USDT · ERC20/ }).waitFor();
    await shot('19-withdraw-wallet');
    await page.getByRole('button', { name: 'Other' }).click();
    await waitForRoute('/pages/withdraw/other');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('Please enter the bank name').waitFor();
    await shot('20-withdraw-other-errors');
  });

  it('verifies the identity with a passport through approval', async () => {
    await openAccount();
    await page.getByRole('link', { name: 'Identity verification' }).click();
    await waitForRoute('/pages/kycverify/index');
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    await shot('21-kyc-none');

    await page.getByRole('link', { name: /ID card/ }).click();
    await waitForRoute('/pages/kycverify/idcard');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Please upload the back of the ID card').waitFor();
    await shot('22-kyc-idcard-errors');

    await page.getByRole('button', { name: 'Passport' }).click();
    await waitForRoute('/pages/kycverify/passport');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Country or region').selectOption('GB');
    await page.getByLabel('Passport number').fill('C01X00T47');
    const passportUploaded = page.waitForResponse((response) => response.url().endsWith('/file/upload'));
    await page.getByLabel('Passport photo page').setInputFiles(await photo('passport.png', ['PASSPORT', 'LOVELACE, ADA', 'C01X00T47']));
    expect((await passportUploaded).status()).toBe(200);
    // The preview shows while the bytes go up; the form has the image once the progress bar is gone.
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'Passport photo page' }).waitFor();
    await shot('23-kyc-passport-filled');
    await page.getByRole('button', { name: 'Submit for review' }).click();

    await waitForRoute('/pages/kycverify/index');
    await page.getByRole('heading', { name: 'Under review' }).waitFor();
    await page.getByText('Ada Lovelace').waitFor();
    await shot('24-kyc-pending');

    await approveInBackOffice('kyc');
    await page.reload();
    await page.getByRole('heading', { name: 'Identity verified' }).waitFor();
    await shot('25-kyc-verified');
    await openAccount();
    await page.getByText('Verified').first().waitFor();
  });

  it('reads the verdict in the inbox and marks everything read', async () => {
    await open('/pages/notice/index');
    await page.getByRole('list', { name: 'Messages' }).getByText('Identity verified').waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByTestId('inbox-unread').filter({ hasText: 'All caught up' }).waitFor();
    expect(await page.getByRole('img', { name: 'Unread' }).count()).toBe(0);
    await shot('26-inbox-all-read');
    expect(pageErrors).toEqual([]);
    expect(deskErrors).toEqual([]);
  });
});

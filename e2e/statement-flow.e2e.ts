import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPhonePage } from './support/browser';
import { creditWallet, registerUser, type TestUser } from './support/funding';
import { logIn, screenshot, waitForRoute } from './support/page';

/*
 * The provable statement at phone size: a funded user who got a back-office correction opens
 * Account › Statement, sees every wallet add up (opening + postings = closing, checked in the page)
 * and the digest recomputed on the device, then downloads the CSV (its rows read back here) and the PDF.
 */

const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let phone: Page;
let errors: string[] = [];
let user: TestUser;

async function adminPost(path: string, body: unknown): Promise<void> {
  const login = await fetch(`${baseUrl}/loginByUsername`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: access.adminEmail, password: access.adminPassword }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const answer = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: data.token }, body: JSON.stringify(body) });
  const json = (await answer.json()) as { code: number; msg: string };
  if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const mobile = await openPhonePage(browser);
  phone = mobile.page;
  errors = mobile.errors;
  user = await registerUser(access, `e2e-statement-${Date.now()}@example.com`, 'Sail-Wind-4821');
  await creditWallet(access, user.id, 'BALANCE', 250);
  await creditWallet(access, user.id, 'STOCK', 40);
  await adminPost(`/admin/users/${user.id}/correction`, { walletType: 'BALANCE', direction: 'debit', amount: '12.34', reason: 'Duplicate credit reversed (e2e)' });
});

afterAll(async () => {
  await browser?.close();
});

describe('provable statement', () => {
  it('opens from the Account tab and shows every balance adding up, with the correction and its reason', async () => {
    await logIn(phone, baseUrl, user);
    await phone.getByRole('link', { name: 'Statement' }).click();
    await waitForRoute(phone, '/pages/profile/statement');
    const funding = phone.getByTestId('statement-BALANCE-USD');
    await funding.waitFor();
    expect(await funding.getByTestId('statement-amount').allTextContents()).toEqual(['+250.00 USD', '-12.34 USD']);
    expect(await funding.getByText('Duplicate credit reversed (e2e)').count()).toBe(1);
    expect(await funding.getByTestId('statement-closing').textContent()).toBe('237.66 USD');
    const checks = await phone.getByTestId('statement-check').allTextContents();
    expect(checks.length).toBe(2);
    for (const check of checks) expect(check).toContain('Adds up ✓');
    await phone.getByTestId('statement-digest-check').waitFor();
    expect(await phone.getByTestId('statement-digest-check').textContent()).toContain('it matches ✓');
    await phone.getByRole('button', { name: 'Check against the ledger' }).click();
    await phone.getByTestId('statement-verified').waitFor();
    expect(await phone.getByTestId('statement-verified').textContent()).toContain('The ledger confirms this digest ✓');
    await screenshot(phone, 'statement-01-adds-up');
  });

  it('downloads the CSV and the PDF', async () => {
    const digest = (await phone.getByTestId('statement-digest').textContent()) ?? '';
    expect(digest).toMatch(/^[0-9a-f]{64}$/);

    const [csvDownload] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^tradewind-statement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvPath = await csvDownload.path();
    const { readFile } = await import('node:fs/promises');
    const csv = (await readFile(csvPath)).toString('utf8');
    expect(csv.startsWith('\uFEFFAccount statement,')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toContain(`Digest (SHA-256),${digest}`);
    expect(lines).toContain('Wallet,Currency,Row,Journal entry,Posting id,Time (UTC),Amount,Type,Reason,Counter-account');
    expect(lines.some((line) => /^BALANCE,USD,Posting,\d+,\d+,[^,]+,-12\.34,correction,Duplicate credit reversed \(e2e\),system:corrections$/.test(line))).toBe(true);
    expect(lines.some((line) => /^BALANCE,USD,Closing balance,,,[^,]+,237\.66,,,$/.test(line))).toBe(true);
    expect(lines.some((line) => /^STOCK,USD,Closing balance,,,[^,]+,40\.00,,,$/.test(line))).toBe(true);

    const [pdfDownload] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile(await pdfDownload.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    console.log(`statement e2e: CSV ${csv.length} chars, ${lines.length} lines; PDF ${pdf.length} bytes`);
    await screenshot(phone, 'statement-02-after-downloads');
    expect(errors).toEqual([]);
  });
});

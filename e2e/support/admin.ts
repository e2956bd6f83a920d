import type { Browser, Page } from 'playwright-core';

/*
 * Helpers for the back-office flows (e2e/admin-*.e2e.ts): a desktop-sized page, signing in through
 * the app's own login page, and the user-side funding calls made through the API while the
 * user-facing deposit screens are still being built (upload a proof, report a deposit).
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${init.method ?? 'GET'} ${url} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** A page at desktop size (1280×800), recording uncaught errors and CSP violations like the phone page does. */
export async function openDesktopPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return { page, errors };
}

/** Fills the app's login page (already open) and waits until it has left it. */
export async function logInOnPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/pages/auth/login'));
}

/** `POST /file/upload` as the user: multipart field `file`; answers the private URL (`/file/<hex>.jpg`). */
export async function uploadImage(baseUrl: string, token: string, bytes: Uint8Array, fileName: string, type = 'image/jpeg'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(bytes)], { type }), fileName);
  const { url } = await call<{ url: string }>(`${baseUrl}/file/upload`, { method: 'POST', headers: { Authorization: token }, body: form });
  return url;
}

export interface ReportedDeposit {
  id: number;
  status: number;
  amount: number;
  channelId: number;
  credentialUrl: string;
}

/** `POST /recharge/create` as the user: reports money sent through a channel, with the proof's URL. */
export function reportDeposit(baseUrl: string, token: string, body: { channelId: number; amount: string; credentialUrl: string }): Promise<ReportedDeposit> {
  return call<ReportedDeposit>(`${baseUrl}/recharge/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: token },
    body: JSON.stringify(body),
  });
}

/** `POST /recharge/listPage` as the user: their deposits with review status, newest first. */
export async function myDeposits(baseUrl: string, token: string): Promise<ReportedDeposit[]> {
  const page = await call<{ list: ReportedDeposit[] }>(`${baseUrl}/recharge/listPage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: token },
    body: JSON.stringify({ pageNum: 1, pageSize: 20 }),
  });
  return page.list;
}

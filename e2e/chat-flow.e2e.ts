import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, openDesktopPage, uploadImage } from './support/admin';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, registerUser } from './support/funding';

/*
 * Customer service at phone size: a visitor writes to support from the Account tab, logs in and
 * finds the conversation still theirs, writes again with a screenshot; an admin at desktop size in
 * #/admin/chat sees the conversation with the metadata it opened with (the profile's name, here
 * from an approved identity check, and phone), answers, and the user sees the answer arrive live;
 * the admin closes it and the user is told.
 */

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));
const baseUrl = inject('baseUrl');
const access = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let desk: Page;
let phone: Page;
let errors: string[][] = [];
let user: TestUser;

async function shot(page: Page, name: string) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.screenshot({ path: join(artifacts, `chat-${name}.png`) });
}

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`POST ${path} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

/** The profile gets its name the way the product gives it one: an identity check approved by staff. */
async function verifyIdentity(who: TestUser, firstName: string, lastName: string, passportImage: Uint8Array) {
  const frontUrl = await uploadImage(baseUrl, who.token, passportImage, 'passport.jpg');
  const application = await post<{ id: number }>('/updateReal', { firstName, lastName, country: 'GB', documentType: 'passport', documentNumber: 'P-5550101', frontUrl }, who.token);
  const admin = await post<{ token: string }>('/loginByUsername', { username: access.adminEmail, password: access.adminPassword });
  await post(`/admin/kyc/${application.id}/approve`, {}, admin.token);
}

const thread = (page: Page) => page.getByRole('list', { name: 'Conversation with customer service' });

beforeAll(async () => {
  browser = await launchBrowser();
  const desktop = await openDesktopPage(browser);
  const mobile = await openPhonePage(browser);
  desk = desktop.page;
  phone = mobile.page;
  errors = [desktop.errors, mobile.errors];
  user = await registerUser(access, `e2e-chat-${Date.now()}@example.com`, 'Harbor-Lamp-6620');
});

afterAll(async () => {
  await browser?.close();
});

describe('chat with support while an admin answers in the console', () => {
  it('a visitor finds customer service on the Account tab and writes as a visitor, text only', async () => {
    await phone.goto(`${baseUrl}/#/pages/profile/index`);
    await phone.getByRole('link', { name: 'Customer service' }).click();
    await phone.waitForURL((url) => url.hash === '#/pages/service/index');
    await phone.getByTestId('chat-visitor-note').waitFor();
    expect(await phone.getByLabel('Attach an image').count()).toBe(0);
    await phone.getByLabel('Write a message').fill('Hello, can I open an account from Germany?');
    await phone.getByRole('button', { name: 'Send' }).click();
    await thread(phone).getByText('Hello, can I open an account from Germany?').waitFor();
    await shot(phone, '01-visitor-phone');
  });

  it('after login the conversation is still there, and the user adds a screenshot', async () => {
    const passport = await phone.screenshot({ type: 'jpeg', quality: 70 });
    await verifyIdentity(user, 'Ada', 'Lovelace', passport);

    await phone.getByTestId('chat-visitor-note').getByRole('link', { name: 'Log in' }).click();
    await logInOnPage(phone, user.email, user.password);
    await phone.goto(`${baseUrl}/#/pages/profile/index`);
    await phone.getByRole('link', { name: 'Customer service' }).click();
    await thread(phone).getByText('Hello, can I open an account from Germany?').waitFor();
    await phone.getByText('Hello Ada Lovelace! How can we help?').waitFor();
    expect(await phone.getByTestId('chat-visitor-note').count()).toBe(0);

    const screenshot = await phone.screenshot({ type: 'jpeg', quality: 70 });
    await phone.getByLabel('Attach an image').setInputFiles({ name: 'withdrawal.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(screenshot) });
    await phone.getByRole('img', { name: 'Image' }).first().waitFor();
    await phone.getByLabel('Write a message').fill('I am verified now. Where do I withdraw to my bank card?');
    await phone.getByRole('button', { name: 'Send' }).click();
    await thread(phone).getByText('I am verified now. Where do I withdraw to my bank card?').waitFor();
    await thread(phone).getByRole('img', { name: 'Image' }).waitFor();
    await shot(phone, '02-user-with-image-phone');
  });

  it('the admin sees the conversation with name and phone, unread, and answers', async () => {
    await desk.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(desk, access.adminEmail, access.adminPassword);
    await desk.goto(`${baseUrl}/#/admin/chat`);
    await desk.getByRole('heading', { level: 1, name: 'Customer service' }).waitFor();
    const item = desk.getByRole('list', { name: 'Conversations' }).getByRole('button').filter({ hasText: 'Ada Lovelace' });
    await item.waitFor();
    expect(await item.getByLabel('2 unread').count()).toBe(1);
    await shot(desk, '03-console-list-desktop');

    await item.click();
    await desk.getByTestId('chat-meta-name').filter({ hasText: 'Ada Lovelace' }).waitFor();
    // No call sets a phone yet, so the profile's phone is empty and shown as a dash.
    await desk.getByTestId('chat-meta-phone').waitFor();
    const messages = desk.getByRole('list', { name: 'Messages' });
    await messages.getByText('Hello, can I open an account from Germany?').waitFor();
    await messages.getByText('I am verified now. Where do I withdraw to my bank card?').waitFor();
    await desk.waitForFunction(() => Array.from(document.querySelectorAll('.bo-chat-messages img')).some((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0));
    await item.getByLabel('2 unread').waitFor({ state: 'detached' });

    await desk.getByLabel('Your answer').fill('Hello Ada! Open Account → Withdraw → Bank card. It arrives within one business day.');
    await desk.getByRole('button', { name: 'Send answer' }).click();
    await messages.getByText('Hello Ada! Open Account → Withdraw → Bank card.', { exact: false }).waitFor();
    await shot(desk, '04-console-answered-desktop');
  });

  it('the user sees the answer arrive live, without reloading', async () => {
    await thread(phone).getByText('Hello Ada! Open Account → Withdraw → Bank card.', { exact: false }).waitFor();
    await shot(phone, '05-answer-live-phone');
  });

  it('the admin closes the conversation and the user is told', async () => {
    await desk.getByRole('button', { name: 'Close conversation' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Close conversation' }).click();
    await desk.getByText('Closed', { exact: true }).first().waitFor();
    await phone.getByText('Customer service closed this conversation. Write again to start a new one.').waitFor();
    await shot(phone, '06-closed-phone');
    expect(errors.flat()).toEqual([]);
  });
});

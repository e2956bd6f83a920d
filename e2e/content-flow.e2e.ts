import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logInOnPage, openDesktopPage } from './support/admin';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute } from './support/page';

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };

let browser: Browser;
let phone: Page;
let phoneErrors: string[];
let desk: Page;
let deskErrors: string[];
let user: TestUser;

const shot = (page: Page, name: string) => screenshot(page, `content-${name}`);

/** HTML an attacker with a stolen back-office session might try to store. */
const hostileBody =
  '<p>Dividend dates for the quarter are below.</p>' +
  // The app's CSP loads images from its own origin only, so the article's image is one of the app's.
  '<img src="/favicon.svg" width="48" height="48" onerror="window.__pwned = (window.__pwned || 0) + 1" alt="Tradewind">' +
  '<script>window.__pwned = (window.__pwned || 0) + 1</script>' +
  '<p><a href="javascript:window.__pwned=1">Claim a bonus</a> · <a href="https://www.sec.gov/">SEC filings</a></p>' +
  '<iframe src="https://evil.invalid/"></iframe>';

beforeAll(async () => {
  user = await registerUser(admin, `e2e-content-${Date.now()}@example.com`, 'Content-Wind-4821');
  browser = await launchBrowser();
  ({ page: phone, errors: phoneErrors } = await openPhonePage(browser));
  ({ page: desk, errors: deskErrors } = await openDesktopPage(browser));
});

afterAll(async () => {
  await browser?.close();
});

describe('news and notices at phone size', () => {
  it('a visitor finds the notice centre from Home: the broker’s notices first, then the news', async () => {
    await phone.goto(`${baseUrl}/#/pages/home/index`);
    await phone.getByRole('link', { name: 'News and notices' }).click();
    await waitForRoute(phone, '/pages/notice/index');
    const notices = phone.getByRole('list', { name: 'Notices' });
    await notices.getByText('Beware of scams impersonating Tradewind').waitFor();
    await shot(phone, '01-notices');

    await phone.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'News' }).click();
    const news = phone.getByRole('list', { name: 'News' });
    await news.getByText('Fed holds rates steady as markets look to a spring cut').waitFor();
    expect(await news.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    await phone.getByRole('button', { name: 'Learn' }).click();
    await news.getByText('Limit or market order? Choosing the right one').waitFor();
    await expect.poll(() => news.getByRole('listitem').count()).toBe(2);
    await shot(phone, '02-news-learn');
  });

  it('opens an article: title, topic, date and its formatted body', async () => {
    await phone.getByRole('link', { name: /Leverage explained/ }).click();
    await waitForRoute(phone, '/pages/news/detail');
    await phone.getByRole('heading', { level: 2, name: /Leverage explained/ }).waitFor();
    await phone.locator('.ar-body ol li').first().waitFor();
    expect(await phone.locator('.ar-body strong').first().textContent()).toContain('high risk of loss');
    await shot(phone, '03-article');
    await phone.getByRole('button', { name: 'Back' }).click();
    await waitForRoute(phone, '/pages/notice/index');
  });

  it('a notice opens under /pages/notice/detail', async () => {
    await phone.goto(`${baseUrl}/#/pages/notice/index?tab=notices`);
    await phone.getByRole('link', { name: /Scheduled maintenance/ }).click();
    await waitForRoute(phone, '/pages/notice/detail');
    await phone.getByRole('heading', { level: 2, name: /Scheduled maintenance/ }).waitFor();
    await shot(phone, '04-notice');
  });

  it('the back office writes an article with hostile HTML; the preview and the stored copy are clean; it publishes it', async () => {
    await desk.goto(`${baseUrl}/#/pages/auth/login`);
    await logInOnPage(desk, admin.adminEmail, admin.adminPassword);
    await desk.goto(`${baseUrl}/#/admin/articles`);
    await desk.getByRole('row', { name: /Fed holds rates steady/ }).waitFor();
    await desk.getByRole('button', { name: 'New article' }).click();
    const form = desk.getByRole('form', { name: 'New article' });
    await form.getByLabel('Kind').selectOption('news');
    await form.getByLabel('Topic').selectOption('earnings');
    await form.getByLabel('Title (en)').fill('Dividend calendar for the quarter');
    await form.getByLabel('Summary (en)').fill('Ex-dividend and payment dates of the largest US companies.');
    await form.getByLabel('Body (HTML) (en)').fill(hostileBody);
    const preview = form.getByRole('region', { name: 'Preview (as readers will see it)' });
    await preview.getByText('Dividend dates for the quarter are below.').waitFor();
    expect(await preview.innerHTML()).not.toMatch(/onerror|<script|javascript:|<iframe/i);
    await shot(desk, '05-admin-editor');
    await form.getByRole('button', { name: 'Create draft' }).click();
    const row = desk.getByRole('row', { name: /Dividend calendar for the quarter/ });
    await row.getByText('Draft').waitFor();
    await row.getByRole('button', { name: 'Publish: Dividend calendar for the quarter' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Publish “Dividend calendar for the quarter”' });
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await row.getByText('Published').waitFor();
    await shot(desk, '06-admin-published');
    // Chromium reports a CSP violation for an inline handler as soon as one is parsed, even in the inert
    // document DOMPurify parses the source in; nothing runs (the page's CSP refuses it anyway).
    const unexpected = deskErrors.filter((error) => !/inline event handler violates/.test(error));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    expect(await desk.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('a reader opens it: nothing of the hostile HTML runs or remains', async () => {
    // A fresh visit: the news list this page read earlier is still fresh in its cache.
    await phone.goto(`${baseUrl}/#/pages/notice/index?tab=news`);
    await phone.reload();
    await phone.getByRole('link', { name: /Dividend calendar for the quarter/ }).click();
    await waitForRoute(phone, '/pages/news/detail');
    const body = phone.locator('.ar-body');
    await body.getByText('Dividend dates for the quarter are below.').waitFor();
    const html = await body.innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:|<iframe/i);
    expect(await body.getByRole('link', { name: 'SEC filings' }).getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await phone.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await shot(phone, '07-sanitised-article');
  });

  it('a logged-in user lands on their messages, with the notices and news beside them', async () => {
    await logIn(phone, baseUrl, user);
    await phone.goto(`${baseUrl}/#/pages/notice/index`);
    const sections = phone.getByRole('group', { name: 'Show' });
    expect(await sections.getByRole('button').allTextContents()).toEqual(['Messages', 'Notices', 'News']);
    await phone.getByRole('button', { name: 'Mark all read' }).waitFor();
    await shot(phone, '08-messages-for-user');
    expect(phoneErrors, phoneErrors.join('\n')).toEqual([]);
  });
});

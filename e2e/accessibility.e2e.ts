import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AxeViolation, countByImpact, describeViolations, isBlocking, runAxe } from './support/axe';
import { launchBrowser, openPhonePage } from './support/browser';
import { type TestUser, creditWallet, registerUser } from './support/funding';
import { logIn, screenshot, waitForRoute } from './support/page';

/*
 * Issue 10: axe-core on the main screens at 390×844, no serious or critical violation (the counts
 * per screen are printed), and every control reachable by keyboard: nothing that looks clickable
 * (pointer cursor) is out of the tab order, and everything in it has a name.
 */

const baseUrl = inject('baseUrl');
const admin = { baseUrl, adminEmail: inject('adminEmail'), adminPassword: inject('adminPassword') };
const quoteQuery = 'name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ';

interface Screen {
  name: string;
  route: string;
  /** Something the screen shows once its data is in. */
  ready: string;
}

const visitorScreens: Screen[] = [
  { name: 'Home', route: '/pages/home/index', ready: '.quote-row' },
  { name: 'Market', route: '/pages/market/index', ready: '.quote-row' },
  { name: 'Quote (AAPL)', route: `/pages/quote/stock?${quoteQuery}`, ready: '[data-testid="quote-last-price"]' },
  { name: 'Login', route: '/pages/auth/login', ready: 'input[type="password"]' },
];
const userScreens: Screen[] = [
  { name: 'Order (AAPL)', route: `/pages/payment/stock?${quoteQuery}&direction=0`, ready: '[data-testid="order-last-price"]' },
  { name: 'Trade tab', route: '/pages/trade/index', ready: '.tab-bar' },
  { name: 'Account', route: '/pages/profile/index', ready: '[data-testid="account-total-assets"]' },
  { name: 'Wallet transfer', route: '/pages/profile/transfer', ready: 'form, .adm-form' },
  { name: 'Wallet transactions', route: '/pages/profile/transaction', ready: '.page' },
];

let browser: Browser;
let page: Page;
let pageErrors: string[];
let user: TestUser;
const counts: { screen: string; minor: number; moderate: number; serious: number; critical: number; keyboard: number }[] = [];

interface KeyboardProblem {
  problem: 'not reachable' | 'no name';
  html: string;
}

/** Controls a keyboard or screen reader user could not use: pointer-cursor elements out of the tab order, unnamed focusables. */
function keyboardProblems(target: Page): Promise<KeyboardProblem[]> {
  return target.evaluate(() => {
    const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && el.closest('[aria-hidden="true"]') === null;
    };
    const problems: { problem: 'not reachable' | 'no name'; html: string }[] = [];
    const all = Array.prototype.slice.call(document.body.querySelectorAll('*')) as Element[];
    for (const el of all) {
      if (!visible(el)) continue;
      const pointer = getComputedStyle(el).cursor === 'pointer';
      const parentPointer = el.parentElement ? getComputedStyle(el.parentElement).cursor === 'pointer' : false;
      // The outermost pointer element is the control; it, or something around it, must be focusable.
      // A roving tab index (tabs, radio groups): one item of the widget is in the tab order, arrows move between them.
      const roving = el.matches('[role="tab"], [role="radio"], [role="option"], [role="menuitem"]') && el.parentElement?.closest('[role="tablist"], [role="radiogroup"], [role="listbox"], [role="menu"]')?.querySelector('[tabindex="0"]') != null;
      if (pointer && !parentPointer && !roving && !el.matches(focusable) && el.closest(focusable) === null && el.querySelector(focusable) === null && !(el instanceof HTMLLabelElement)) {
        problems.push({ problem: 'not reachable', html: el.outerHTML.slice(0, 160) });
      }
      if (el.matches(focusable)) {
        const html = el as HTMLElement;
        const labelled = html.getAttribute('aria-label') || html.getAttribute('aria-labelledby') || html.getAttribute('title');
        const labels = (el as HTMLInputElement).labels;
        const named = Boolean(labelled) || (html.innerText ?? '').trim() !== '' || (labels !== null && labels !== undefined && labels.length > 0) || html.getAttribute('placeholder') || el.querySelector('img[alt]:not([alt=""])') !== null;
        if (!named) problems.push({ problem: 'no name', html: el.outerHTML.slice(0, 160) });
      }
    }
    return problems;
  });
}

async function check(screen: Screen): Promise<void> {
  await page.goto(`${baseUrl}/#${screen.route}`);
  await waitForRoute(page, screen.route.split('?')[0] ?? screen.route);
  await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Entry animations (antd-mobile fades) settle before colours are measured.
  await page.waitForTimeout(400);
  const violations: AxeViolation[] = await runAxe(page);
  const keyboard = await keyboardProblems(page);
  const count = countByImpact(violations);
  counts.push({ screen: screen.name, ...count, keyboard: keyboard.length });
  console.log(`axe ${screen.name}: serious ${count.serious}, critical ${count.critical} (moderate ${count.moderate}, minor ${count.minor}); keyboard problems ${keyboard.length}`);
  if (violations.length > 0) console.log(describeViolations(violations));
  for (const problem of keyboard) console.log(`  [keyboard] ${problem.problem}: ${problem.html}`);
  await screenshot(page, `a11y-${screen.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '')}`, { fullPage: false });

  expect(violations.filter(isBlocking).map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), screen.name).toEqual([]);
  expect(keyboard, screen.name).toEqual([]);
}

beforeAll(async () => {
  user = await registerUser(admin, `e2e-a11y-${Date.now()}@example.com`, 'Trade-Wind-5937');
  await creditWallet(admin, user.id, 'STOCK', 10_000);
  browser = await launchBrowser();
  ({ page, errors: pageErrors } = await openPhonePage(browser));
});

afterAll(async () => {
  if (counts.length > 0) {
    console.log('\n| screen | critical | serious | moderate | minor | keyboard |\n|:--|--:|--:|--:|--:|--:|');
    for (const c of counts) console.log(`| ${c.screen} | ${c.critical} | ${c.serious} | ${c.moderate} | ${c.minor} | ${c.keyboard} |`);
  }
  await browser?.close();
});

describe('accessibility of the main screens (axe-core, 390×844)', () => {
  for (const screen of visitorScreens) {
    it(`${screen.name}, as a visitor`, () => check(screen));
  }

  it('logs in', async () => {
    await logIn(page, baseUrl, user);
  });

  for (const screen of userScreens) {
    it(`${screen.name}, signed in`, () => check(screen));
  }

  it('raised no page errors or CSP violations', () => {
    expect(pageErrors).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageKey } from './storage';
import { onThemeChange, readThemeChoice, resolveTheme, setThemeChoice, themeChoices } from './theme';

// public/theme.js as shipped: index.html runs it before the first paint.
const bootScript = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public/theme.js'), 'utf8');

/** The phone's setting, as matchMedia answers it; `flip` plays the phone switching it. */
function phoneScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  Object.defineProperty(window, 'matchMedia', { value: (text: string) => (text === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} }), configurable: true });
  return {
    flip(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Runs the script as a classic script does: in the page's global scope. */
function runBootScript(): void {
  globalThis.eval(bootScript);
}
const shown = () => document.documentElement.dataset.theme;

afterEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.boot;
  window.location.hash = '';
});

describe('appearance', () => {
  it('resolves a choice on a light or dark phone', () => {
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('remembers light and dark, stores nothing for "same as phone", and applies the choice at once', () => {
    phoneScheme(false);
    setThemeChoice('dark');
    expect(window.localStorage.getItem(StorageKey.theme)).toBe('dark');
    expect(shown()).toBe('dark');
    expect(readThemeChoice()).toBe('dark');

    setThemeChoice('system');
    expect(window.localStorage.getItem(StorageKey.theme)).toBeNull();
    expect(shown()).toBe('light');
    expect(readThemeChoice()).toBe('system');
  });

  it('reads an unknown stored value as "same as phone"', () => {
    window.localStorage.setItem(StorageKey.theme, 'sepia');
    expect(readThemeChoice()).toBe('system');
  });

  it('public/theme.js, run before the first paint, shows what the app would for every choice and phone setting', () => {
    for (const phoneDark of [false, true]) {
      for (const choice of themeChoices) {
        phoneScheme(phoneDark);
        if (choice === 'system') window.localStorage.removeItem(StorageKey.theme);
        else window.localStorage.setItem(StorageKey.theme, choice);
        delete document.documentElement.dataset.theme;
        runBootScript();
        expect(shown(), `${choice} on a ${phoneDark ? 'dark' : 'light'} phone`).toBe(resolveTheme(choice, phoneDark));
      }
    }
  });

  it('follows the phone switching while the choice is "same as phone", and not after light or dark was chosen', () => {
    const phone = phoneScheme(false);
    runBootScript();
    expect(shown()).toBe('light');
    phone.flip(true);
    expect(shown()).toBe('dark');

    setThemeChoice('light');
    phone.flip(false);
    phone.flip(true);
    expect(shown()).toBe('light');
  });

  it('tells what CSS cannot reach (the chart) that the theme changed', async () => {
    phoneScheme(false);
    const seen: string[] = [];
    const stop = onThemeChange(() => seen.push(shown() ?? ''));
    setThemeChoice('dark');
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    setThemeChoice('light');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['dark']);
  });
});

describe("public/theme.js: the server's Home or the splash (issue 23)", () => {
  const boot = (hash: string, stored: Partial<Record<'token' | 'locale', string>> = {}) => {
    phoneScheme(false);
    window.localStorage.clear();
    if (stored.token) window.localStorage.setItem(StorageKey.token, stored.token);
    if (stored.locale) window.localStorage.setItem(StorageKey.locale, stored.locale);
    window.location.hash = hash;
    delete document.documentElement.dataset.boot;
    runBootScript();
    return document.documentElement.dataset.boot ?? 'server render';
  };

  it("keeps the server's Home only where the app's first render is that Home: the Home route, a visitor, English", () => {
    expect(boot('')).toBe('server render');
    expect(boot('#/')).toBe('server render');
    expect(boot('#/pages/home/index')).toBe('server render');
    expect(boot('#/pages/home/index', { locale: 'en' })).toBe('server render');

    expect(boot('#/pages/market/index')).toBe('splash');
    expect(boot('#/pages/quote/stock?code=AAPL')).toBe('splash');
    expect(boot('#/pages/home/index', { token: 'tok' })).toBe('splash');
    expect(boot('', { locale: 'th' })).toBe('splash');
  });
});

describe('public/theme.js: the route shells of public/boot.js (issue 23)', () => {
  const shellFor = (hash: string, stored: Partial<Record<'token' | 'locale', string>> = {}) => {
    phoneScheme(false);
    window.localStorage.clear();
    if (stored.token) window.localStorage.setItem(StorageKey.token, stored.token);
    if (stored.locale) window.localStorage.setItem(StorageKey.locale, stored.locale);
    window.location.hash = hash;
    delete document.documentElement.dataset.shell;
    runBootScript();
    return document.documentElement.dataset.shell ?? 'none';
  };

  it('marks the stock quote page and Market, for a visitor or a user, in English only', () => {
    expect(shellFor('#/pages/quote/stock?name=Apple%20Inc&code=AAPL&source=0&market=NASDAQ')).toBe('quote');
    expect(shellFor('#/pages/quote/stock?code=AAPL', { token: 'tok', locale: 'en' })).toBe('quote');
    expect(shellFor('#/pages/market/index')).toBe('market');

    expect(shellFor('#/pages/quote/stock?code=AAPL', { locale: 'de' })).toBe('none');
    expect(shellFor('#/pages/market/index', { locale: 'zh-CN' })).toBe('none');
    expect(shellFor('#/pages/quote/future?code=CL')).toBe('none');
    expect(shellFor('#/pages/home/index')).toBe('none');
    expect(shellFor('')).toBe('none');
  });

  it('marks the stock order page only with a session (a visitor is sent to sign in), in English only', () => {
    const order = '#/pages/payment/stock?name=Apple%20Inc&code=AAPL&source=0&direction=0';
    expect(shellFor(order, { token: 'tok' })).toBe('order');
    expect(shellFor(order, { token: 'tok', locale: 'en' })).toBe('order');

    expect(shellFor(order)).toBe('none');
    expect(shellFor(order, { token: 'tok', locale: 'ja' })).toBe('none');
    expect(shellFor('#/pages/payment/future?code=CL', { token: 'tok' })).toBe('none');
  });
});

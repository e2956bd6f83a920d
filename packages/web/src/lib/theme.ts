import { useSyncExternalStore } from 'react';
import { StorageKey, readStorage, removeStorage, writeStorage } from './storage';

/*
 * The appearance (Settings › Appearance): follow the phone, or always light, or always dark. The
 * stylesheet draws its dark tokens under <html data-theme="dark">; public/theme.js sets that before
 * the first paint and follows the phone's changes; this is the app's side of the same rule.
 */

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeChoice(): ThemeChoice {
  const stored = readStorage(StorageKey.theme);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function phonePrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Which theme a choice means on this phone now. */
export function resolveTheme(choice: ThemeChoice, prefersDark = phonePrefersDark()): Theme {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

/** The theme the page shows (the attribute public/theme.js or `setThemeChoice` set). */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

/** Remembers the choice (nothing stored for "system") and applies it at once. */
export function setThemeChoice(choice: ThemeChoice): void {
  if (choice === 'system') removeStorage(StorageKey.theme);
  else writeStorage(StorageKey.theme, choice);
  document.documentElement.dataset.theme = resolveTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice, re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, readThemeChoice, () => 'system');
}

/**
 * Calls `onChange` whenever the page's theme changes: a new choice here, the phone's setting
 * (public/theme.js re-applies it), another tab. For what CSS cannot reach (the chart's canvas).
 */
export function onThemeChange(onChange: () => void): () => void {
  if (typeof MutationObserver !== 'function') return () => undefined;
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

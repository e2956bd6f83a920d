/**
 * The only local-storage keys the app may write (SPEC §9). `token` and `user` are the only ones
 * holding session data; nothing else personal is kept in the browser (SECURITY #24).
 */
export const StorageKey = {
  token: 'token',
  user: 'user',
  searchHistory: 'shistory',
  locale: 'UNI_LOCALE',
  /** A random key to a visitor's support conversation (nothing personal); dropped once claimed after login. */
  chatVisitor: 'chat_visitor',
  /** Settings › Appearance: `light` or `dark`; absent follows the phone (public/theme.js reads it before the first paint). */
  theme: 'tw_theme',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

// Storage can throw (private mode, quota, disabled cookies); the app must keep working without it.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* the value simply is not remembered */
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing stored, nothing to remove */
  }
}

import { cleanup, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { clearSession } from '../lib/session/session-store';

// No test reaches a real network; tests that need answers install a fake fetch (test/fake-fetch.ts).
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('unit tests have no network')));
});

// Each test starts logged out, in English, on an empty page, with the real network unreachable.
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  Toast.clear();
  // Toasts unmount asynchronously; the next test must not see the last one's.
  await waitFor(() => {
    if (document.querySelector('.adm-toast-mask')) throw new Error('toast still shown');
  });
  clearSession();
  window.localStorage.clear();
  window.location.hash = '';
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await i18n.changeLanguage('en');
});

import { cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, loadAllTexts } from '../i18n/i18n';
import { resetQuoteStream } from '../api/realtime/quote-stream';
import { clearSession } from '../lib/session/session-store';
// The app loads the toast view on the first toast; loaded here, a toast asked for at the end of a
// test shows (and is cleared below) before the test's document is torn down.
import { Toast } from '../lib/toast-view';

// Tests render pages directly, not through their lazy route: every English text is in from the start.
await loadAllTexts();

// The first render of a lazy page transforms its chunk: on a busy machine that alone can pass the
// default 1 s of findBy / waitFor. Waiting longer only slows a test that is failing anyway.
configure({ asyncUtilTimeout: 4000 });

/** A websocket that never connects: pages with live quotes render as if the stream were down. */
class UnreachableWebSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {
    throw new Error('unit tests have no network');
  }
  close() {
    this.readyState = 3;
  }
}

// No test reaches a real network; tests that need answers install a fake fetch (test/fake-fetch.ts)
// or a fake websocket (test/fake-websocket.ts).
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('unit tests have no network')));
  vi.stubGlobal('WebSocket', UnreachableWebSocket);
});

// Each test starts logged out, in English, on an empty page, with the real network unreachable.
afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  resetQuoteStream();
  await new Promise((resolve) => setTimeout(resolve, 0));
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

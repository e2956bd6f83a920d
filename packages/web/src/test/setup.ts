import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts logged out, in English, with an empty page.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.location.hash = '';
});

import { defineConfig } from 'vitest/config';

// `npm test` runs every project that needs nothing beyond `npm install`; e2e has its own config.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web', 'bench'],
  },
});

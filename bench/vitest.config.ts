import { defineConfig } from 'vitest/config';

// Unit tests of the bench's own helpers (arguments, histogram, subscription draw); `npm test` runs them too.
export default defineConfig({ test: { name: 'bench', include: ['fanout/**/*.test.ts'] } });

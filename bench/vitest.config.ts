import { defineConfig } from 'vitest/config';

// Unit tests of the bench's own helpers (arguments, histogram, subscription draw); not part of `npm test`.
export default defineConfig({ test: { name: 'bench', include: ['fanout/**/*.test.ts'] } });

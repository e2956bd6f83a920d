import { defineConfig } from 'vitest/config';

// Unit tests of the bench's own helpers (arguments, histogram, subscription draw, pgbench output, /proc
// parsing, profile summary, memory slope); `npm test` runs them too.
export default defineConfig({ test: { name: 'bench', include: ['fanout/**/*.test.ts', 'orders/**/*.test.ts', 'soak/**/*.test.ts', 'cluster/**/*.test.ts', 'reads/**/*.test.ts', 'engine/**/*.test.ts'] } });

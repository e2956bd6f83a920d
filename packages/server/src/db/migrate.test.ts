import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app.js';
import { migrate } from './migrate.js';

describe('migrate', () => {
  it('applies nothing twice', async () => {
    const ctx = await createTestContext();
    try {
      expect(await migrate(ctx.database)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { queryRows } from './client.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  numeric_scale: number | null;
}

/** Words in a column's name that say it holds a price, a quantity, money or a ratio (DESIGN §3: never a float). */
const NUMERIC_WORDS = new Set(['price', 'quantity', 'amount', 'rate', 'percent', 'multiplier', 'margin', 'fee', 'balance', 'profit', 'pnl', 'frozen']);
const namedLikeANumber = (column: string) => column.split('_').some((word) => NUMERIC_WORDS.has(word));

describe('exact storage (migration 0025)', () => {
  it('no column is a float, and every price, quantity, amount, rate, percent or multiplier is an integer or a NUMERIC of fixed scale', async () => {
    const columns = await queryRows<ColumnInfo>(
      ctx.app.database.db,
      sql`SELECT table_name, column_name, data_type, numeric_scale::int AS numeric_scale
            FROM information_schema.columns c
            JOIN information_schema.tables t USING (table_schema, table_name)
           WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    );
    // The query sees the schema: a broken query would pass an empty list.
    expect(columns.length).toBeGreaterThan(100);
    const floats = columns.filter((c) => c.data_type === 'double precision' || c.data_type === 'real');
    expect(floats.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([]);

    const named = columns.filter((c) => namedLikeANumber(c.column_name));
    const inexact = named.filter((c) => !['bigint', 'integer', 'smallint'].includes(c.data_type) && !(c.data_type === 'numeric' && c.numeric_scale !== null));
    // A text column named like a number would be a price kept as text: also refused.
    expect(inexact.map((c) => `${c.table_name}.${c.column_name} ${c.data_type}`)).toEqual([]);
    // The columns the migration converted are there, each with its documented scale.
    const scale = (table: string, column: string) => named.find((c) => c.table_name === table && c.column_name === column)?.numeric_scale;
    expect(scale('positions', 'open_price')).toBe(8);
    expect(scale('orders', 'fill_price')).toBe(8);
    expect(scale('price_alerts', 'percent')).toBe(8);
    expect(scale('wallet_transfers', 'rate')).toBe(18);
  });
});

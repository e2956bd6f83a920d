/**
 * The posting trigger (migration 0034) locks a statement's user accounts with the lock an UPDATE takes,
 * NO KEY UPDATE, never FOR UPDATE: another transaction's foreign-key check on the same account (a posting
 * or hold being inserted) holds KEY SHARE until it commits, which FOR UPDATE waits for and NO KEY UPDATE
 * does not. With FOR UPDATE two order batches deadlocked on each other's accounts. PGlite runs one
 * connection, so this suite runs with DATABASE_URL and is skipped, saying so, without it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { creditDeposit, inTransaction } from './ledger.service.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) console.warn('skipping the posting lock test: it needs PostgreSQL (set DATABASE_URL)');

(onPostgres ? describe : describe.skip)('the posting trigger on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("applies postings to an account while another transaction's foreign-key check holds its row", async () => {
    const db = ctx.app.database.db;
    const { user } = await registerUser(ctx.app);
    await fund(ctx.app, user.id, 1_000, 'STOCK');
    const balance = async () =>
      (await queryRows<{ id: string; balance: string }>(db, sql`SELECT id::text, balance::text FROM ledger_accounts WHERE user_id = ${user.id} AND wallet_type = 'STOCK'`))[0]!;
    const wallet = Number((await balance()).id);

    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let heldNow = () => undefined as void;
    const held = new Promise<void>((resolve) => (heldNow = resolve));
    // What a foreign-key check on the wallet takes, held open as a batch in flight would hold it.
    const holder = inTransaction(db, async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ledger_accounts WHERE id = ${wallet} FOR KEY SHARE`);
      heldNow();
      await released;
    });
    await held;
    try {
      await inTransaction(db, async (tx) => {
        // Waiting on the holder would fail this with lock_not_available instead of hanging.
        await tx.execute(sql`SET LOCAL lock_timeout = '3s'`);
        await creditDeposit(tx, { userId: user.id, walletType: 'STOCK', currency: 'USD', amount: 500, referenceType: 'test', referenceId: null }, new Date());
      });
    } finally {
      release();
      await holder;
    }
    expect(Number((await balance()).balance)).toBe(1_500);
  });
});

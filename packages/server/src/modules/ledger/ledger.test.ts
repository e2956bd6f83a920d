import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from './ledger-invariants.js';
import * as ledger from './ledger.service.js';

let ctx: TestContext;
let userId: number;
const now = () => ctx.clock.now();

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await registerUser(ctx.app)).user.id;
  await fund(ctx.app, userId, 10_000);
});
afterAll(() => ctx.close());

describe('the database enforces the ledger', () => {
  it('refuses an entry that does not sum to zero, at the statement that writes its postings', async () => {
    const db = ctx.app.database.db;
    const wallet = await ledger.walletAccount(db, userId, 'BALANCE', 'USD', now());
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO journal_entries (kind, created_at) VALUES ('bad', now())`);
        await tx.execute(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
          VALUES (currval('journal_entries_id_seq'), ${wallet}, 'USD', 500, now())`);
      }),
    ).rejects.toThrow();
    expect((await auditLedger(db)).unbalancedEntries).toBe(0);
  });

  it('refuses to update or delete postings and journal entries', async () => {
    const db = ctx.app.database.db;
    await expect(db.execute(sql`UPDATE postings SET amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM postings`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM journal_entries`)).rejects.toThrow();
  });

  it('refuses a user balance below zero even when code skips its own check', async () => {
    const db = ctx.app.database.db;
    const wallet = await ledger.walletAccount(db, userId, 'BALANCE', 'USD', now());
    const fees = await ledger.systemAccount(db, ledger.SystemAccount.Fees, 'USD', now());
    const error: unknown = await db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO journal_entries (kind, created_at) VALUES ('overdraft', now())`);
        await tx.execute(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at) VALUES
          (currval('journal_entries_id_seq'), ${wallet}, 'USD', -20000, now()),
          (currval('journal_entries_id_seq'), ${fees}, 'USD', 20000, now())`);
      })
      .catch((e: unknown) => e);
    expect(String((error as { cause?: { message?: string } }).cause?.message)).toMatch(/user_balance_not_negative/);
  });

  it('moves a hold from pending to posted or voided once, never back', async () => {
    const db = ctx.app.database.db;
    const wallet = await ledger.walletAccount(db, userId, 'BALANCE', 'USD', now());
    const hold = await ledger.inTransaction(db, (tx) => ledger.hold(tx, { accountId: wallet, amount: 300, referenceType: 'test', referenceId: null }, now()));
    expect(await ledger.inTransaction(db, (tx) => ledger.releaseHold(tx, hold.id, 'voided', now()))).toBe(true);
    expect(await ledger.inTransaction(db, (tx) => ledger.releaseHold(tx, hold.id, 'posted', now()))).toBe(false);
    await expect(db.execute(sql`UPDATE holds SET status = 'pending' WHERE id = ${hold.id}`)).rejects.toThrow();
    const audit = await auditLedger(db);
    expect(audit).toMatchObject({ frozenNotMatchingHolds: 0, negativeUserAccounts: 0, accountsOffTheirPostings: 0 });
  });

  it('refuses a hold larger than the available funds', async () => {
    const db = ctx.app.database.db;
    const wallet = await ledger.walletAccount(db, userId, 'BALANCE', 'USD', now());
    await expect(
      ledger.inTransaction(db, (tx) => ledger.hold(tx, { accountId: wallet, amount: 1_000_000, referenceType: 'test', referenceId: null }, now())),
    ).rejects.toMatchObject({ key: 'ledger.insufficientFunds' });
  });
});

import { sql, type SQL } from 'drizzle-orm';
import { LedgerKind } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fund, registerUser, type TestContext } from '../../../test/test-app.js';
import { queryRows, type Database } from '../../db/client.js';
import { auditLedger } from './ledger-invariants.js';
import * as ledger from './ledger.service.js';

// Migrations 0036 and 0039: the references of an order's rows and the balance of journal entries are checked once per
// statement instead of by foreign keys and a deferred trigger per row. These are the refusals those gave.

let ctx: TestContext;
let db: Database;
let userId: number;
let wallet: number;
let fees: number;
const NO_SUCH_ID = 987_654_321;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.app.database.db;
  userId = (await registerUser(ctx.app)).user.id;
  await fund(ctx.app, userId, 10_000);
  wallet = await ledger.walletAccount(db, userId, 'BALANCE', 'USD', ctx.clock.now());
  fees = await ledger.systemAccount(db, ledger.SystemAccount.Fees, 'USD', ctx.clock.now());
});
afterAll(() => ctx.close());

/** The PostgreSQL error code and message a statement failed with (drizzle wraps the driver's error). */
async function refusal(statement: SQL): Promise<{ code: string | undefined; message: string }> {
  const error: unknown = await db.execute(statement).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the statement was refused').toBeDefined();
  const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? (error as { code?: string; message?: string });
  return { code: cause.code, message: String(cause.message) };
}

const count = async (table: string) => Number((await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n);
const newPosition = async (owner: number) => Number((await queryRows<{ id: number }>(db, positionInsert(owner)))[0]!.id);

function positionInsert(owner: number): SQL {
  return sql`INSERT INTO positions (user_id, source, stock_code, direction, quantity, open_price, multiplier, leverage, wallet_type,
    currency, margin, status, created_at, updated_at) VALUES (${owner}, 1, 'AAPL', 0, 1, 100, 1, 1, 'STOCK', 'USD', 100, 'open', now(), now())
    RETURNING id`;
}

function orderInsert(owner: number, positionId: number | null): SQL {
  return sql`INSERT INTO orders (user_id, source, stock_code, direction, order_type, open_close, status, quantity, leverage, currency,
    wallet_type, position_id, created_at, updated_at) VALUES (${owner}, 1, 'AAPL', 0, 0, 0, 1, 1, 1, 'USD', 'STOCK', ${positionId}, now(), now())`;
}

describe('references are checked once per statement, with the foreign keys’ code (23503)', () => {
  it('refuses a posting to an account that does not exist, or in another currency than its account’s, and writes nothing', async () => {
    const before = { entries: await count('journal_entries'), postings: await count('postings') };
    for (const [account, currency] of [
      [NO_SUCH_ID, 'USD'],
      [wallet, 'EUR'],
    ] as const) {
      const { code, message } = await refusal(sql`WITH e AS (INSERT INTO journal_entries (kind, created_at) VALUES ('test', now()) RETURNING id)
        INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
        SELECT e.id, x.account, x.currency, x.amount, now() FROM e, (VALUES (${account}::bigint, ${currency}, 100), (${fees}::bigint, 'USD', -100)) AS x (account, currency, amount)`);
      expect(code).toBe('23503');
      expect(message).toContain('postings_account_id_currency_fkey');
    }
    expect({ entries: await count('journal_entries'), postings: await count('postings') }).toEqual(before);
  });

  it('refuses a posting whose journal entry does not exist', async () => {
    const { code, message } = await refusal(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
      VALUES (${NO_SUCH_ID}, ${wallet}, 'USD', 100, now()), (${NO_SUCH_ID}, ${fees}, 'USD', -100, now())`);
    expect(code).toBe('23503');
    expect(message).toContain('postings_entry_id_fkey');
  });

  it('refuses positions, orders, journal entries and idempotency keys of a user who does not exist', async () => {
    const statements = [
      positionInsert(NO_SUCH_ID),
      orderInsert(NO_SUCH_ID, null),
      sql`INSERT INTO journal_entries (kind, user_id, created_at) VALUES ('test', ${NO_SUCH_ID}, now())`,
      sql`INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at) VALUES (${NO_SUCH_ID}, 'k', 'h', '{}', now())`,
    ];
    for (const statement of statements) {
      const { code, message } = await refusal(statement);
      expect(code).toBe('23503');
      expect(message).toMatch(/_user_id_fkey/);
    }
  });

  it('refuses an order naming a position that does not exist, on insert and on update, and takes one that does', async () => {
    const inserted = await refusal(orderInsert(userId, NO_SUCH_ID));
    expect(inserted).toMatchObject({ code: '23503' });
    expect(inserted.message).toContain('orders_position_id_fkey');

    const positionId = await newPosition(userId);
    await db.execute(orderInsert(userId, positionId));
    const updated = await refusal(sql`UPDATE orders SET position_id = ${NO_SUCH_ID} WHERE position_id = ${positionId}`);
    expect(updated).toMatchObject({ code: '23503' });
    expect(await queryRows(db, sql`SELECT 1 FROM orders WHERE position_id = ${positionId}`)).toHaveLength(1);
  });

  it('never lets a referenced user, account or position go away or change its key', async () => {
    const positionId = await newPosition(userId);
    const statements = [
      sql`DELETE FROM users WHERE id = ${userId}`,
      sql`UPDATE users SET id = ${NO_SUCH_ID} WHERE id = ${userId}`,
      sql`TRUNCATE users CASCADE`,
      sql`DELETE FROM ledger_accounts WHERE id = ${wallet}`,
      sql`UPDATE ledger_accounts SET currency = 'EUR' WHERE id = ${wallet}`,
      sql`TRUNCATE ledger_accounts CASCADE`,
      sql`DELETE FROM positions WHERE id = ${positionId}`,
      sql`UPDATE positions SET id = ${NO_SUCH_ID} WHERE id = ${positionId}`,
      sql`TRUNCATE positions CASCADE`,
    ];
    for (const statement of statements) expect((await refusal(statement)).code).toBe('P0002');
    expect(await count('users')).toBeGreaterThan(0);
    expect(await count('positions')).toBeGreaterThan(0);
  });
});

describe('every journal entry balances after each statement that writes its postings', () => {
  it('refuses a later posting that would unbalance an entry that balanced', async () => {
    const entryId = await ledger.inTransaction(db, (tx) =>
      ledger.post(
        tx,
        { kind: LedgerKind.Correction, userId, referenceType: null, referenceId: null, lines: [{ accountId: wallet, currency: 'USD', amount: -100 }, { accountId: fees, currency: 'USD', amount: 100 }] },
        ctx.clock.now(),
      ),
    );
    const { code, message } = await refusal(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
      VALUES (${entryId}, ${wallet}, 'USD', 5, now())`);
    expect(code).toBe('23514');
    expect(message).toContain(`journal entry ${entryId} does not balance`);
    expect(await auditLedger(db)).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0 });
  });

  it('judges each entry of a statement on its own, per currency, and moves no balance when one does not balance', async () => {
    const correction = (amount: number) =>
      ledger.inTransaction(db, (tx) =>
        ledger.post(
          tx,
          { kind: LedgerKind.Correction, userId, referenceType: null, referenceId: null, lines: [{ accountId: wallet, currency: 'USD', amount: -amount }, { accountId: fees, currency: 'USD', amount }] },
          ctx.clock.now(),
        ),
      );
    const [balanced, short, over] = [await correction(10), await correction(20), await correction(30)];
    const balanceOf = async () => Number((await queryRows<{ balance: string }>(db, sql`SELECT balance::text FROM ledger_accounts WHERE id = ${wallet}`))[0]!.balance);
    const before = { balance: await balanceOf(), postings: await count('postings') };
    // The statement's postings sum to zero, but two of its three entries do not balance on their own.
    const { code, message } = await refusal(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at) VALUES
      (${balanced}, ${wallet}, 'USD', -3, now()), (${balanced}, ${fees}, 'USD', 3, now()),
      (${short}, ${wallet}, 'USD', -4, now()), (${over}, ${fees}, 'USD', 4, now())`);
    expect(code).toBe('23514');
    expect(message).toMatch(new RegExp(`journal entry (${short}|${over}) does not balance`));
    expect({ balance: await balanceOf(), postings: await count('postings') }).toEqual(before);
    // An entry whose new postings sum to zero only across currencies does not balance either.
    const feesEur = await ledger.systemAccount(db, ledger.SystemAccount.Fees, 'EUR', ctx.clock.now());
    const crossCurrency = await refusal(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at) VALUES
      (${balanced}, ${wallet}, 'USD', -5, now()), (${balanced}, ${feesEur}, 'EUR', 5, now())`);
    expect(crossCurrency.code).toBe('23514');
    expect(crossCurrency.message).toContain(`journal entry ${balanced} does not balance`);
    expect({ balance: await balanceOf(), postings: await count('postings') }).toEqual(before);
    // Postings added to an entry that already balanced are accepted when they balance among themselves.
    await db.execute(sql`INSERT INTO postings (entry_id, account_id, currency, amount, created_at) VALUES
      (${balanced}, ${wallet}, 'USD', -3, now()), (${balanced}, ${fees}, 'USD', 3, now())`);
    expect(await balanceOf()).toBe(before.balance - 3);
    expect(await auditLedger(db)).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0 });
  });
});

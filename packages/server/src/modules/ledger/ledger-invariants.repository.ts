import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

/** How many rows break each of DESIGN §4's invariants, and the sum of all postings per currency. */
export async function invariantCounts(db: Database) {
  const one = async (query: SQL) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);
  const unbalancedEntries = await one(sql`SELECT count(*)::int AS n FROM (
      SELECT entry_id FROM postings GROUP BY entry_id, currency HAVING SUM(amount) <> 0) t`);
  // Through ledger_balances: a user account's stored balance, a system account's derived one (migration 0012).
  const accountsOffTheirPostings = await one(sql`SELECT count(*)::int AS n FROM ledger_balances b
      WHERE b.balance <> COALESCE((SELECT SUM(p.amount) FROM postings p WHERE p.account_id = b.id), 0)`);
  const negativeUserAccounts = await one(sql`SELECT count(*)::int AS n FROM ledger_accounts
      WHERE owner = 'user' AND (balance < 0 OR frozen < 0 OR frozen > balance)`);
  const frozenNotMatchingHolds = await one(sql`SELECT count(*)::int AS n FROM ledger_accounts a
      WHERE a.frozen <> COALESCE((SELECT SUM(h.amount) FROM holds h WHERE h.account_id = a.id AND h.status = 'pending'), 0)`);
  const totals = await queryRows<{ currency: string; total: string }>(db, sql`SELECT currency, SUM(amount)::text AS total FROM postings GROUP BY currency`);
  return { unbalancedEntries, accountsOffTheirPostings, negativeUserAccounts, frozenNotMatchingHolds, totals };
}

import { sql } from 'drizzle-orm';
import type { LedgerAuditReport } from '@tradewind/contract';
import { queryRows, type Database } from '../../db/client.js';

export interface LedgerAudit {
  unbalancedEntries: number;
  accountsOffTheirPostings: number;
  negativeUserAccounts: number;
  frozenNotMatchingHolds: number;
  /** Sum of all postings per currency: money neither appears nor vanishes when each is 0. */
  totalsByCurrency: Record<string, number>;
}

/** Checks DESIGN §4's invariants over the whole ledger; tests and the back office run it. */
export async function auditLedger(db: Database): Promise<LedgerAudit> {
  const one = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);
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
  return {
    unbalancedEntries,
    accountsOffTheirPostings,
    negativeUserAccounts,
    frozenNotMatchingHolds,
    totalsByCurrency: Object.fromEntries(totals.map((row) => [row.currency, Number(row.total)])),
  };
}

const invariantNames = ['unbalancedEntries', 'accountsOffTheirPostings', 'negativeUserAccounts', 'frozenNotMatchingHolds'] as const;

/** What an audit found wrong, one line each; empty when the ledger is sound. */
export function ledgerViolations(audit: LedgerAudit): string[] {
  const violations: string[] = [];
  for (const name of invariantNames) if (audit[name] !== 0) violations.push(`ledger audit: ${name} = ${audit[name]}`);
  for (const [currency, total] of Object.entries(audit.totalsByCurrency)) if (total !== 0) violations.push(`ledger audit: postings in ${currency} sum to ${total}, not 0`);
  return violations;
}

/** The audit as the back office shows it. */
export async function ledgerAuditReport(db: Database, now: Date): Promise<LedgerAuditReport> {
  const audit = await auditLedger(db);
  return { ...audit, sound: ledgerViolations(audit).length === 0, checkedAtTimestamp: now.getTime() };
}

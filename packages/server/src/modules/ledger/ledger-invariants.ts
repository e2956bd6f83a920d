import type { LedgerAuditReport } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { invariantCounts } from './ledger-invariants.repository.js';

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
  const { totals, ...counts } = await invariantCounts(db);
  return {
    ...counts,
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

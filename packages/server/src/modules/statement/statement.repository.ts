import type { LedgerKind } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';

export interface StatementAccountRow {
  id: number;
  walletType: string;
  currency: string;
  /** Σ postings before the period. */
  opening: number;
}

export interface StatementPostingRow {
  id: number;
  entryId: number;
  accountId: number;
  amount: number;
  createdAt: Date;
  kind: LedgerKind;
  memo: string;
  /** The entry's other accounts, described (not yet sorted or deduplicated). */
  counter: string[];
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The user's wallet accounts with their balance at `start` (the sum of their postings before it). */
export async function accountsWithOpening(db: Database, userId: number, start: Date): Promise<StatementAccountRow[]> {
  const rows = await queryRows<{ id: number | string; wallet_type: string; currency: string; opening: number | string }>(
    db,
    sql`SELECT a.id, a.wallet_type, a.currency,
               COALESCE((SELECT SUM(p.amount) FROM postings p WHERE p.account_id = a.id AND p.created_at < ${start}), 0)::bigint AS opening
        FROM ledger_accounts a
        WHERE a.user_id = ${userId} AND a.owner = 'user'
        ORDER BY a.id`,
  );
  return rows.map((row) => ({ id: Number(row.id), walletType: row.wallet_type, currency: row.currency, opening: Number(row.opening) }));
}

/**
 * Every posting on the user's accounts in [start, end), in posting order, with its entry's kind and memo
 * and a description of the entry's other postings' accounts: `system:<code>`, `wallet:<type>` for the
 * user's own wallets, `user` for another customer's (whose identity a statement never shows).
 */
export async function postingsInPeriod(db: Database, userId: number, start: Date, end: Date): Promise<StatementPostingRow[]> {
  const rows = await queryRows<{
    id: number | string;
    entry_id: number | string;
    account_id: number | string;
    amount: number | string;
    created_at: Date | string;
    kind: LedgerKind;
    memo: string;
    counter: string[] | null;
  }>(
    db,
    sql`SELECT p.id, p.entry_id, p.account_id, p.amount, p.created_at, e.kind, e.memo,
               ARRAY(
                 SELECT CASE WHEN o.owner = 'system' THEN 'system:' || o.system_code
                             WHEN o.user_id = ${userId} THEN 'wallet:' || o.wallet_type
                             ELSE 'user' END
                 FROM postings q JOIN ledger_accounts o ON o.id = q.account_id
                 WHERE q.entry_id = p.entry_id AND q.account_id <> p.account_id
               ) AS counter
        FROM postings p
        JOIN ledger_accounts a ON a.id = p.account_id
        JOIN journal_entries e ON e.id = p.entry_id
        WHERE a.user_id = ${userId} AND a.owner = 'user' AND p.created_at >= ${start} AND p.created_at < ${end}
        ORDER BY p.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    entryId: Number(row.entry_id),
    accountId: Number(row.account_id),
    amount: Number(row.amount),
    createdAt: toDate(row.created_at),
    kind: row.kind,
    memo: row.memo,
    counter: parseTextArray(row.counter),
  }));
}

/** node-postgres and PGlite both give text[] as an array; a driver that does not gives `{a,b}`. */
function parseTextArray(value: string[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
}

import { createHash } from 'node:crypto';
import {
  minorToDecimal,
  statementCanonicalText,
  walletTypes,
  type Currency,
  type Statement,
  type StatementAccount,
  type StatementQuery,
  type StatementVerify,
  type WalletType,
} from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from './statement.repository.js';

export interface StatementDeps {
  db: Database;
  clock: Clock;
}

const DAY_MS = 86_400_000;

/** The period's instants: `from` 00:00 UTC up to (not including) the day after `to`, 00:00 UTC. */
export function periodOf(query: StatementQuery): { start: Date; end: Date } {
  const start = new Date(`${query.from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS);
  return { start, end };
}

/** Lower-case hex SHA-256 of the statement's canonical text (UTF-8); see `statementCanonicalText`. */
export function statementDigest(statement: Pick<Statement, 'userId' | 'from' | 'to' | 'accounts'>): string {
  return createHash('sha256').update(statementCanonicalText(statement), 'utf8').digest('hex');
}

const walletOrder = (walletType: string) => walletTypes.indexOf(walletType as WalletType);

/**
 * The caller's statement for a period, read in one repeatable-read snapshot so the opening balances and
 * the postings are of the same moment: per wallet and currency the balance before the period, every
 * posting in it (posting order) and the balance at its end, and the digest over all of it.
 */
export async function buildStatement(deps: StatementDeps, userId: number, query: StatementQuery): Promise<Statement> {
  const { start, end } = periodOf(query);
  const generatedAt = deps.clock.now();
  const { accounts, postings } = await deps.db.transaction(
    async (tx) => ({
      accounts: await repo.accountsWithOpening(tx, userId, start),
      postings: await repo.postingsInPeriod(tx, userId, start, end),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const byAccount = new Map<number, repo.StatementPostingRow[]>();
  for (const posting of postings) byAccount.set(posting.accountId, [...(byAccount.get(posting.accountId) ?? []), posting]);

  const sections: StatementAccount[] = accounts
    .filter((account) => walletOrder(account.walletType) >= 0)
    .sort((a, b) => walletOrder(a.walletType) - walletOrder(b.walletType) || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((account) => {
      const rows = byAccount.get(account.id) ?? [];
      const closing = rows.reduce((sum, row) => sum + row.amount, account.opening);
      return {
        walletType: account.walletType as WalletType,
        currency: account.currency as Currency,
        opening: minorToDecimal(account.opening),
        postings: rows.map((row) => ({
          postingId: row.id,
          entryId: row.entryId,
          time: row.createdAt.toISOString(),
          amount: minorToDecimal(row.amount),
          kind: row.kind,
          reason: row.memo,
          // Sorted by code unit here, not by the database's collation, so anyone can reproduce the order.
          counterAccounts: [...new Set(row.counter)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        })),
        closing: minorToDecimal(closing),
      };
    });

  const body = { userId, from: query.from, to: query.to, accounts: sections };
  return {
    version: 1,
    ...body,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    digest: statementDigest(body),
    generatedAt: generatedAt.toISOString(),
  };
}

/** Whether a digest is the digest of the caller's ledger for that period as it stands now. */
export async function verifyStatement(deps: StatementDeps, userId: number, body: StatementQuery & { digest: string }): Promise<StatementVerify> {
  const statement = await buildStatement(deps, userId, { from: body.from, to: body.to });
  return { matches: statement.digest === body.digest, digest: statement.digest };
}

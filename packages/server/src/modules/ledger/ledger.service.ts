import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './ledger.repository.js';

/** System accounts: the other side of every user movement (DESIGN §4). */
export const SystemAccount = {
  Deposits: 'deposits',
  Withdrawals: 'withdrawals',
  Fees: 'fees',
  BrokerPnl: 'broker_pnl',
  Margin: 'margin',
  Fx: 'fx',
  IpoEscrow: 'ipo_escrow',
  Transfers: 'transfers',
} as const;
export type SystemAccount = (typeof SystemAccount)[keyof typeof SystemAccount];

const accountIds = new WeakMap<Database, Map<string, number>>();

async function accountId(db: Database, ref: repo.AccountRef, now: Date): Promise<number> {
  const cache = accountIds.get(db) ?? new Map<string, number>();
  accountIds.set(db, cache);
  const key = `${ref.userId ?? ''}|${ref.walletType ?? ''}|${ref.systemCode ?? ''}|${ref.currency}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const row = await repo.ensureAccount(db, ref, now);
  cache.set(key, row.id);
  return row.id;
}

export const walletAccount = (db: Database, userId: number, walletType: string, currency: string, now: Date) =>
  accountId(db, { userId, walletType, systemCode: null, currency }, now);

export const systemAccount = (db: Database, code: SystemAccount, currency: string, now: Date) =>
  accountId(db, { userId: null, walletType: null, systemCode: code, currency }, now);

export interface Movement {
  kind: string;
  userId: number | null;
  referenceType: string | null;
  referenceId: number | null;
  memo?: string;
  lines: ReadonlyArray<{ accountId: number; currency: string; amount: number }>;
}

/**
 * Posts one journal entry. The caller's transaction must already hold the account locks
 * (`lockAccounts`); a debit larger than a user account's available funds is refused here with a
 * clear message, and by the database's CHECK should code ever get it wrong.
 */
export async function post(tx: Database, movement: Movement, now: Date): Promise<number> {
  const sums = new Map<string, number>();
  for (const line of movement.lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new Error(`journal entry ${movement.kind} does not balance in ${currency} (${sum})`);
  }
  const accounts = await repo.lockAccounts(tx, movement.lines.map((l) => l.accountId));
  for (const line of movement.lines) {
    const account = accounts.get(line.accountId);
    if (account?.owner === 'user' && line.amount < 0 && account.balance - account.frozen + line.amount < 0) {
      throw AppError.badRequest('ledger.insufficientFunds');
    }
  }
  return repo.insertEntry(tx, movement, movement.lines, now);
}

/** Freezes part of a user account's available funds until the hold is posted or voided. */
export async function hold(
  tx: Database,
  input: { accountId: number; amount: number; referenceType: string; referenceId: number | null },
  now: Date,
) {
  const accounts = await repo.lockAccounts(tx, [input.accountId]);
  const account = accounts.get(input.accountId);
  if (!account || account.balance - account.frozen < input.amount) throw AppError.badRequest('ledger.insufficientFunds');
  return repo.insertHold(tx, input, now);
}

/** Ends a hold once; a second attempt (a race lost) answers false and changes nothing. */
export async function releaseHold(tx: Database, holdId: number, status: 'posted' | 'voided', now: Date): Promise<boolean> {
  return repo.resolveHold(tx, holdId, status, now);
}

const RETRYABLE = new Set(['40001', '40P01']);

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs a transaction, retrying serialization failures and deadlocks (never answered as 5xx). */
export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= 5 || !state || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
    }
  }
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

function hashRequest(route: string, body: unknown): string {
  return createHash('sha256').update(`${route}\n${JSON.stringify(body)}`).digest('hex');
}

/**
 * Stripe-style idempotency: the first answer for (user, key) is stored in the same transaction as
 * the work and replayed for repeats; the same key with another body is a 409. Without a key the
 * work simply runs.
 */
export async function idempotent<T>(
  db: Database,
  request: { userId: number; key: string | undefined; route: string; body: unknown; now: Date },
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const { key } = request;
  if (key === undefined) return inTransaction(db, work);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.badRequest('idempotency.keyInvalid');
  const hash = hashRequest(request.route, request.body);
  const replay = async (): Promise<{ found: boolean; value?: T }> => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!row) return { found: false };
    if (row.requestHash !== hash) throw AppError.conflict('idempotency.keyReused');
    return { found: true, value: row.response as T };
  };
  const first = await replay();
  if (first.found) return first.value as T;
  try {
    return await inTransaction(db, async (tx) => {
      const result = await work(tx);
      await tx.insert(idempotencyKeys).values({ userId: request.userId, key, requestHash: hash, response: result ?? null, createdAt: request.now });
      return result;
    });
  } catch (error) {
    // A concurrent request with the same key won: answer what it answered.
    const again = await replay();
    if (again.found) return again.value as T;
    if (isUniqueViolation(error)) throw AppError.conflict('idempotency.inFlight');
    throw error;
  }
}

/** Credits a user's wallet from the deposits clearing account (an approved deposit, or a test's funding). */
export async function creditDeposit(
  tx: Database,
  input: { userId: number; walletType: string; currency: string; amount: number; referenceType: string; referenceId: number | null },
  now: Date,
): Promise<number> {
  const wallet = await walletAccount(tx, input.userId, input.walletType, input.currency, now);
  const clearing = await systemAccount(tx, SystemAccount.Deposits, input.currency, now);
  return post(
    tx,
    {
      kind: 'deposit',
      userId: input.userId,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      lines: [
        { accountId: clearing, currency: input.currency, amount: -input.amount },
        { accountId: wallet, currency: input.currency, amount: input.amount },
      ],
    },
    now,
  );
}

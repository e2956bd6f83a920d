import type { LedgerKind } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { isCheckViolation, isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/tokens.js';
import * as repo from './ledger.repository.js';
import type { LocalizedText } from './ledger.repository.js';

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
  /** The other side of a back-office correction (credit or debit with a reason). */
  Corrections: 'corrections',
} as const;
export type SystemAccount = (typeof SystemAccount)[keyof typeof SystemAccount];

const accountIds = new WeakMap<Database, Map<string, number>>();

/**
 * The pool a transaction `inTransaction` opened belongs to, whose account ids it reads, and, for an
 * outermost transaction only, its after-commit: an id created in a savepoint that rolled back could
 * still be followed by the outer commit, so a savepoint never adds ids.
 */
const transactionPools = new WeakMap<Database, { pool: Database; promote?: AfterCommit }>();

/**
 * An account's id, read once per pool: a transaction reads the pool's ids too, so a close or a fill
 * does not spend a SELECT per account (four a close). An id a transaction found or created goes into
 * the pool's ids only once that transaction committed: a rolled-back creation leaves no id behind.
 */
async function accountId(db: Database, ref: repo.AccountRef, now: Date): Promise<number> {
  const key = `${ref.userId ?? ''}|${ref.walletType ?? ''}|${ref.systemCode ?? ''}|${ref.currency}`;
  const opened = transactionPools.get(db);
  const shared = opened && idsOf(opened.pool);
  const own = idsOf(db);
  const cached = shared?.get(key) ?? own.get(key);
  if (cached !== undefined) return cached;
  const row = await repo.ensureAccount(db, ref, now);
  own.set(key, row.id);
  opened?.promote?.(() => shared?.set(key, row.id));
  return row.id;
}

function idsOf(db: Database): Map<string, number> {
  const ids = accountIds.get(db) ?? new Map<string, number>();
  accountIds.set(db, ids);
  return ids;
}

export const walletAccount = (db: Database, userId: number, walletType: string, currency: string, now: Date) =>
  accountId(db, { userId, walletType, systemCode: null, currency }, now);

export const systemAccount = (db: Database, code: SystemAccount, currency: string, now: Date) =>
  accountId(db, { userId: null, walletType: null, systemCode: code, currency }, now);

export interface Movement {
  kind: LedgerKind;
  userId: number | null;
  referenceType: string | null;
  referenceId: number | null;
  /**
   * What the bill shows for the entry: plain text (a bank name and masked card), or a message key
   * and its parameters, stored with the English text and read in the reader's language (0024).
   */
  memo?: string | LocalizedText;
  lines: ReadonlyArray<{ accountId: number; currency: string; amount: number }>;
}

/**
 * Posts one journal entry. A debit larger than a user account's available funds is refused by the
 * database's CHECK (`user_balance_not_negative`, frozen ≤ balance) as the posting lands, answered as
 * "insufficient funds"; the whole transaction is then rolled back by the caller's error. The row
 * lock the posting trigger takes serialises movers of the same account; system accounts are not
 * locked at all (their balance is derived, migration 0012).
 */
export async function post(tx: Database, movement: Movement, now: Date): Promise<number> {
  const sums = new Map<string, number>();
  for (const line of movement.lines) sums.set(line.currency, (sums.get(line.currency) ?? 0) + line.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new Error(`journal entry ${movement.kind} does not balance in ${currency} (${sum})`);
  }
  try {
    return await repo.insertEntry(tx, movement, movement.lines, now);
  } catch (error) {
    if (isCheckViolation(error, 'user_balance_not_negative')) throw AppError.badRequest('ledger.insufficientFunds');
    throw error;
  }
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

/** A serialization failure or deadlock: the work may simply run again. */
export const isRetryable = (error: unknown): boolean => RETRYABLE.has(sqlState(error) ?? '');

/** Registers work (events, pushes) to run only once the transaction has committed. */
export type AfterCommit = (effect: () => void) => void;

/** The transactions `inTransaction` opened, with where their after-commit effects go. */
const openTransactions = new WeakMap<Database, AfterCommit>();

/**
 * Runs a transaction, retrying serialization failures and deadlocks (never answered as 5xx). What
 * the work hands to `afterCommit` runs after the commit, and only for the attempt that committed.
 */
export async function inTransaction<T>(db: Database, work: (tx: Database, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  // Called with an open transaction (a one-step transfer-and-order call runs the transfer and the
  // order in one): a savepoint, whose effects wait for the outer commit; the outer attempt retries.
  const outer = openTransactions.get(db);
  if (outer) {
    return db.transaction((tx) => {
      openTransactions.set(tx, outer);
      transactionPools.set(tx, { pool: transactionPools.get(db)?.pool ?? db });
      return work(tx, outer);
    });
  }
  for (let attempt = 1; ; attempt++) {
    const effects: Array<() => void> = [];
    const afterCommit: AfterCommit = (effect) => effects.push(effect);
    let result: T;
    try {
      result = await db.transaction((tx) => {
        openTransactions.set(tx, afterCommit);
        transactionPools.set(tx, { pool: db, promote: afterCommit });
        return work(tx, afterCommit);
      });
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= 5 || !state || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
      continue;
    }
    for (const effect of effects) effect();
    return result;
  }
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

function hashRequest(route: string, body: unknown): string {
  return sha256(`${route}\n${JSON.stringify(body)}`);
}

/** Checks a client's key and hashes the request it came with, as `idempotent` stores them (for writers that batch). */
export function idempotencyRequest(route: string, key: string, body: unknown): { key: string; requestHash: string } {
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.badRequest('idempotency.keyInvalid');
  return { key, requestHash: hashRequest(route, body) };
}

/**
 * What a request whose work failed answers when its key was used before: the stored answer (same
 * body), a 409 (another body, or a concurrent first attempt that won the key), or `undefined`
 * when the key is unknown and the work's own error stands.
 */
export async function storedAnswer<T>(db: Database, request: { userId: number; key: string; requestHash: string }, error: unknown): Promise<{ answer: T } | undefined> {
  const row = await repo.findIdempotencyKey(db, request.userId, request.key);
  if (row) {
    if (row.requestHash !== request.requestHash) throw AppError.conflict('idempotency.keyReused');
    return { answer: row.response as T };
  }
  if (isUniqueViolation(error)) throw AppError.conflict('idempotency.inFlight');
  return undefined;
}

/**
 * Stripe-style idempotency: the first answer for (user, key) is stored in the same transaction as
 * the work and replayed for repeats; the same key with another body is a 409. Without a key the
 * work simply runs. The key is not looked up first: a repeat runs the work, fails to store the key
 * (unique violation, or it waits for a concurrent first attempt to commit), rolls back and answers
 * what is stored, so the usual first call costs no extra round trip. Its after-commit effects run
 * only for the call that committed.
 */
export async function idempotent<T>(
  db: Database,
  request: { userId: number; key: string | undefined; route: string; body: unknown; now: Date },
  work: (tx: Database, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const { key } = request;
  if (key === undefined) return inTransaction(db, work);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw AppError.badRequest('idempotency.keyInvalid');
  const hash = hashRequest(request.route, request.body);
  try {
    return await inTransaction(db, async (tx, afterCommit) => {
      const result = await work(tx, afterCommit);
      await repo.insertIdempotencyKey(tx, { userId: request.userId, key, requestHash: hash, response: result ?? null, createdAt: request.now });
      return result;
    });
  } catch (error) {
    // The key was used before (or by a concurrent request that won): answer what was answered then.
    const stored = await storedAnswer<T>(db, { userId: request.userId, key, requestHash: hash }, error);
    if (stored) return stored.answer;
    throw error;
  }
}

/** Credits a user's wallet from the deposits clearing account (an approved deposit, or a test's funding). */
export async function creditDeposit(
  tx: Database,
  input: { userId: number; walletType: string; currency: string; amount: number; referenceType: string; referenceId: number | null; memo?: string },
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
      ...(input.memo !== undefined && { memo: input.memo }),
      lines: [
        { accountId: clearing, currency: input.currency, amount: -input.amount },
        { accountId: wallet, currency: input.currency, amount: input.amount },
      ],
    },
    now,
  );
}

/**
 * A back-office correction: its own journal entry (kind `correction`, the reason as its memo) between the
 * user's wallet and the corrections account. Nothing already posted is changed; a debit larger than the
 * available funds is refused like any other.
 */
export async function postCorrection(
  tx: Database,
  input: { userId: number; walletType: string; currency: string; amount: number; direction: 'credit' | 'debit'; reason: string; adminId: number },
  now: Date,
): Promise<number> {
  const wallet = await walletAccount(tx, input.userId, input.walletType, input.currency, now);
  const corrections = await systemAccount(tx, SystemAccount.Corrections, input.currency, now);
  const signed = input.direction === 'credit' ? input.amount : -input.amount;
  if (input.direction === 'debit') {
    const account = (await repo.lockAccounts(tx, [wallet])).get(wallet);
    if (!account || account.balance - account.frozen < input.amount) throw AppError.badRequest('ledger.insufficientFunds');
  }
  return post(
    tx,
    {
      kind: 'correction',
      userId: input.userId,
      referenceType: 'admin-correction',
      referenceId: input.adminId,
      memo: input.reason,
      lines: [
        { accountId: corrections, currency: input.currency, amount: -signed },
        { accountId: wallet, currency: input.currency, amount: signed },
      ],
    },
    now,
  );
}

import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { countRows } from '../../db/paging.js';
import { holds, idempotencyKeys, journalEntries, ledgerAccounts, postings, type HoldRow, type LedgerAccountRow } from '../../db/schema.js';
import { en, translate, type MessageKey, type MessageParams } from '../../i18n/messages.js';
import type { LedgerKind, Locale } from '@tradewind/contract';

/** A text kept as a message key and its parameters, rendered in the reader's language (migration 0024). */
export interface LocalizedText {
  key: MessageKey;
  params: MessageParams;
}

/** A bill memo in `locale`: from its key when it has one, otherwise as stored (older rows, plain texts). */
export function memoIn(locale: Locale, row: { memo: string; memoKey: string | null; memoParams: MessageParams | null }): string {
  return row.memoKey !== null && Object.hasOwn(en, row.memoKey) ? translate(locale, row.memoKey as MessageKey, row.memoParams ?? {}) : row.memo;
}

export interface AccountRef {
  userId: number | null;
  walletType: string | null;
  systemCode: string | null;
  currency: string;
}

/** Finds or creates accounts; creating is idempotent under races thanks to the unique keys. */
export async function ensureAccount(db: Database, ref: AccountRef, now: Date): Promise<LedgerAccountRow> {
  const where =
    ref.userId !== null
      ? and(eq(ledgerAccounts.userId, ref.userId), eq(ledgerAccounts.walletType, ref.walletType ?? ''), eq(ledgerAccounts.currency, ref.currency))
      : and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.systemCode, ref.systemCode ?? ''), eq(ledgerAccounts.currency, ref.currency));
  const [existing] = await db.select().from(ledgerAccounts).where(where).limit(1);
  if (existing) return existing;
  await db
    .insert(ledgerAccounts)
    .values({
      owner: ref.userId !== null ? 'user' : 'system',
      userId: ref.userId,
      walletType: ref.walletType,
      systemCode: ref.systemCode,
      currency: ref.currency,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(ledgerAccounts).where(where).limit(1);
  if (!row) throw new Error(`ledger account ${JSON.stringify(ref)} could not be created`);
  return row;
}

/**
 * Locks the user accounts among `ids` for the rest of the transaction, always in id order so two
 * movers never deadlock. System accounts are never locked: their balance is derived from postings
 * (migration 0012), so every order does not have to queue on the house margin and fees rows.
 */
export async function lockAccounts(tx: Database, ids: readonly number[]): Promise<Map<number, LedgerAccountRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, unique), eq(ledgerAccounts.owner, 'user')))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

export async function userAccounts(db: Database, userId: number): Promise<LedgerAccountRow[]> {
  return db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId)).orderBy(asc(ledgerAccounts.id));
}

/** A memo as journal_entries stores it: the English text, and the key and parameters (JSON) when it has them. */
export function memoColumns(memo: string | LocalizedText = ''): { text: string; memoKey: string | null; memoParams: string | null } {
  if (typeof memo === 'string') return { text: memo, memoKey: null, memoParams: null };
  return { text: translate('en', memo.key, memo.params), memoKey: memo.key, memoParams: JSON.stringify(memo.params) };
}

export interface NewPosting {
  accountId: number;
  currency: string;
  amount: number;
}

/**
 * Writes a journal entry and its postings in one statement (one round trip while the accounts'
 * rows are locked). Lines go in account-id order, so the posting trigger takes row locks in the
 * order DESIGN §4 asks; it raises `user_balance_not_negative` when a user account would go short.
 */
export async function insertEntry(
  tx: Database,
  entry: { kind: LedgerKind; userId: number | null; referenceType: string | null; referenceId: number | null; memo?: string | LocalizedText },
  lines: readonly NewPosting[],
  now: Date,
): Promise<number> {
  const nonZero = lines.filter((line) => line.amount !== 0).sort((a, b) => a.accountId - b.accountId);
  const values = nonZero.map((line) => sql`(${line.accountId}::bigint, ${line.currency}::text, ${line.amount}::bigint)`);
  const postingsInsert =
    values.length === 0
      ? sql``
      : sql`, written AS (
          INSERT INTO postings (entry_id, account_id, currency, amount, created_at)
          SELECT entry.id, line.account_id, line.currency, line.amount, ${now}
          FROM entry, (VALUES ${sql.join(values, sql`, `)}) AS line (account_id, currency, amount))`;
  const { text, memoKey, memoParams } = memoColumns(entry.memo);
  const rows = await queryRows<{ id: number | string }>(
    tx,
    sql`WITH entry AS (
          INSERT INTO journal_entries (kind, user_id, reference_type, reference_id, memo, memo_key, memo_params, created_at)
          VALUES (${entry.kind}, ${entry.userId}, ${entry.referenceType}, ${entry.referenceId}, ${text}, ${memoKey}, ${memoParams}::jsonb, ${now})
          RETURNING id)${postingsInsert}
        SELECT id FROM entry`,
  );
  return Number(rows[0]!.id);
}

export async function insertHold(
  tx: Database,
  hold: { accountId: number; amount: number; referenceType: string; referenceId: number | null },
  now: Date,
): Promise<HoldRow> {
  const [row] = await tx.insert(holds).values({ ...hold, createdAt: now }).returning();
  return row!;
}

/** Ends a pending hold; returns false when it was not pending (already posted or voided). */
export async function resolveHold(tx: Database, holdId: number, status: 'posted' | 'voided', now: Date): Promise<boolean> {
  const rows = await tx
    .update(holds)
    .set({ status, resolvedAt: now })
    .where(and(eq(holds.id, holdId), eq(holds.status, 'pending')))
    .returning({ id: holds.id });
  return rows.length > 0;
}

export async function findHold(db: Database, referenceType: string, referenceId: number): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(holds)
    .where(and(eq(holds.referenceType, referenceType), eq(holds.referenceId, referenceId)))
    .orderBy(desc(holds.id))
    .limit(1);
  return row;
}

export interface BillRow {
  id: number;
  amount: number;
  currency: string;
  walletType: string | null;
  kind: LedgerKind;
  memo: string;
  memoKey: string | null;
  memoParams: MessageParams | null;
  referenceType: string | null;
  referenceId: number | null;
  createdAt: Date;
}

/** A user's postings, newest first, keyset-paged by posting id. */
export async function userPostings(
  db: Database,
  userId: number,
  options: { walletType?: string; beforeId?: number; limit: number; offset: number },
): Promise<{ rows: BillRow[]; total: number }> {
  const conditions = [eq(ledgerAccounts.userId, userId)];
  if (options.walletType) conditions.push(eq(ledgerAccounts.walletType, options.walletType));
  if (options.beforeId) conditions.push(lt(postings.id, options.beforeId));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: postings.id,
      amount: postings.amount,
      currency: postings.currency,
      walletType: ledgerAccounts.walletType,
      kind: journalEntries.kind,
      memo: journalEntries.memo,
      memoKey: journalEntries.memoKey,
      memoParams: journalEntries.memoParams,
      referenceType: journalEntries.referenceType,
      referenceId: journalEntries.referenceId,
      createdAt: postings.createdAt,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(where)
    .orderBy(desc(postings.id))
    .limit(options.limit)
    .offset(options.offset);
  const [count] = await db
    .select({ total: countRows() })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function insertIdempotencyKey(tx: Database, values: typeof idempotencyKeys.$inferInsert): Promise<void> {
  await tx.insert(idempotencyKeys).values(values);
}

export async function findIdempotencyKey(db: Database, userId: number, key: string): Promise<typeof idempotencyKeys.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

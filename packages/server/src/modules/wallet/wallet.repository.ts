import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { walletTransfers, type WalletTransferRow } from '../../db/schema.js';
import { countRows, type RowRange } from '../../db/paging.js';

export type NewTransfer = typeof walletTransfers.$inferInsert;

export async function insertTransfer(tx: Database, values: NewTransfer): Promise<WalletTransferRow> {
  const [row] = await tx.insert(walletTransfers).values(values).returning();
  return row!;
}

/** Locks the transfer for the rest of the transaction so cancel and settle resolve it once. */
export async function lockTransfer(tx: Database, id: number): Promise<WalletTransferRow | undefined> {
  const [row] = await tx.select().from(walletTransfers).where(eq(walletTransfers.id, id)).for('update');
  return row;
}

export async function setTransferStatus(tx: Database, id: number, status: 'settled' | 'cancelled', now: Date): Promise<WalletTransferRow> {
  const [row] = await tx.update(walletTransfers).set({ status, resolvedAt: now }).where(eq(walletTransfers.id, id)).returning();
  return row!;
}

export async function dueTransferIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: walletTransfers.id })
    .from(walletTransfers)
    .where(and(eq(walletTransfers.status, 'pending'), lte(walletTransfers.settleAt, now)))
    .orderBy(walletTransfers.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function userTransfers(db: Database, userId: number, { limit, offset }: RowRange) {
  const rows = await db
    .select()
    .from(walletTransfers)
    .where(eq(walletTransfers.userId, userId))
    .orderBy(desc(walletTransfers.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ total: countRows() }).from(walletTransfers).where(eq(walletTransfers.userId, userId));
  return { rows, total: count?.total ?? 0 };
}

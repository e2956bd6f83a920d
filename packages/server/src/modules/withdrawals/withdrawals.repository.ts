import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countRows, type RowRange } from '../../db/paging.js';
import { withdrawals, type WithdrawalRow } from '../../db/schema.js';

export async function insertWithdrawal(tx: Database, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  return row!;
}

export async function pageWithdrawals(db: Database, filter: { userId?: number; status?: number }, { limit, offset }: RowRange) {
  const conditions = [];
  if (filter.userId !== undefined) conditions.push(eq(withdrawals.userId, filter.userId));
  if (filter.status !== undefined) conditions.push(eq(withdrawals.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(withdrawals).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function findWithdrawal(db: Database, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

export async function lockWithdrawal(tx: Database, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function lockUserWithdrawal(tx: Database, userId: number, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId))).for('update');
  return row;
}

export async function updateWithdrawal(tx: Database, id: number, values: Partial<typeof withdrawals.$inferInsert>): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  return row!;
}

import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countRows, type RowRange } from '../../db/paging.js';
import { deposits, type DepositRow } from '../../db/schema.js';

export async function insertDeposit(db: Database, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await db.insert(deposits).values(values).returning();
  return row!;
}

export async function lockDeposit(tx: Database, id: number): Promise<DepositRow | undefined> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

export async function updateDeposit(tx: Database, id: number, values: Partial<typeof deposits.$inferInsert>): Promise<DepositRow> {
  const [row] = await tx.update(deposits).set(values).where(eq(deposits.id, id)).returning();
  return row!;
}

export async function pageDeposits(db: Database, filter: { userId?: number; status?: number }, { limit, offset }: RowRange) {
  const conditions = [];
  if (filter.userId !== undefined) conditions.push(eq(deposits.userId, filter.userId));
  if (filter.status !== undefined) conditions.push(eq(deposits.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db.select().from(deposits).where(where).orderBy(desc(deposits.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(deposits).where(where);
  return { rows, total: count?.total ?? 0 };
}

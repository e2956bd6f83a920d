import { desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditLog, users, type UserRow } from '../../db/schema.js';
import { countRows, type RowRange } from '../../db/paging.js';

/** A page of users, newest first, whose e-mail or name contains `keyword` (all without one), and how many match. */
export async function userPage(db: Database, keyword: string | undefined, { limit, offset }: RowRange): Promise<{ rows: UserRow[]; total: number }> {
  const where = keyword ? or(ilike(users.email, `%${keyword}%`), ilike(users.name, `%${keyword}%`)) : undefined;
  const rows = await db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(users).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function setBlocked(tx: Database, id: number, blockedAt: Date | null, now: Date): Promise<UserRow> {
  const [row] = await tx.update(users).set({ blockedAt, updatedAt: now }).where(eq(users.id, id)).returning();
  return row!;
}

/** A page of the audit log, newest first, and its length. */
export async function auditPage(db: Database, { limit, offset }: RowRange) {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(auditLog);
  return { rows, total: count?.total ?? 0 };
}

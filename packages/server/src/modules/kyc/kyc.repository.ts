import { and, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countRows, type RowRange } from '../../db/paging.js';
import { kycApplications, users, type KycApplicationRow, type UserRow } from '../../db/schema.js';

export async function kycStatusOf(db: Database, userId: number): Promise<number | undefined> {
  const [user] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)).limit(1);
  return user?.kycStatus;
}

/** Grants trading to a user whose application waits (status 1); answers whether it did. */
export async function grantWaitingTrading(tx: Database, userId: number, now: Date): Promise<boolean> {
  const granted = await tx
    .update(users)
    .set({ tradePermission: 3, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.tradePermission, 1)))
    .returning({ id: users.id });
  return granted.length > 0;
}

export async function usersWithPendingPermission(db: Database, pending: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(or(eq(users.tradePermission, pending), eq(users.blockTradePermission, pending)));
}

export async function insertApplication(tx: Database, values: typeof kycApplications.$inferInsert): Promise<KycApplicationRow> {
  const [row] = await tx.insert(kycApplications).values(values).returning();
  return row!;
}

export async function latestApplication(db: Database, userId: number): Promise<KycApplicationRow | undefined> {
  const [row] = await db.select().from(kycApplications).where(eq(kycApplications.userId, userId)).orderBy(desc(kycApplications.id)).limit(1);
  return row;
}

export async function pageApplications(db: Database, status: number | undefined, { limit, offset }: RowRange) {
  const where = status === undefined ? undefined : and(eq(kycApplications.status, status));
  const rows = await db.select().from(kycApplications).where(where).orderBy(desc(kycApplications.id)).limit(limit).offset(offset);
  const [count] = await db.select({ total: countRows() }).from(kycApplications).where(where);
  return { rows, total: count?.total ?? 0 };
}

export async function lockApplication(tx: Database, id: number): Promise<KycApplicationRow | undefined> {
  const [application] = await tx.select().from(kycApplications).where(eq(kycApplications.id, id)).for('update');
  return application;
}

export async function updateApplication(tx: Database, id: number, values: Partial<typeof kycApplications.$inferInsert>): Promise<KycApplicationRow> {
  const [updated] = await tx.update(kycApplications).set(values).where(eq(kycApplications.id, id)).returning();
  return updated!;
}

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailCodes, users, type EmailCodeRow } from '../../db/schema.js';
import { countRows } from '../../db/paging.js';

export async function recordPayFailure(
  db: Database,
  id: number,
  now: Date,
  maxFailures: number,
  lockUntil: Date,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({
      failedPayCount: sql`CASE WHEN ${users.failedPayCount} + 1 >= ${maxFailures} THEN 0 ELSE ${users.failedPayCount} + 1 END`,
      payLockedUntil: sql`CASE WHEN ${users.failedPayCount} + 1 >= ${maxFailures} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${users.payLockedUntil} END`,
      updatedAt: now,
    })
    .where(eq(users.id, id))
    .returning({ payLockedUntil: users.payLockedUntil });
  return row?.payLockedUntil && row.payLockedUntil > now ? row.payLockedUntil : null;
}

export async function countInvitedBy(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: countRows() })
    .from(users)
    .where(eq(users.invitedByUserId, userId));
  return row?.count ?? 0;
}

export async function insertEmailCode(db: Database, values: typeof emailCodes.$inferInsert): Promise<void> {
  await db.insert(emailCodes).values(values);
}

export async function findLatestEmailCode(
  db: Database,
  email: string,
  purpose: 'register' | 'reset',
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  return row;
}

export async function countEmailCodeAttempt(db: Database, id: number): Promise<void> {
  await db.update(emailCodes).set({ attempts: sql`${emailCodes.attempts} + 1` }).where(eq(emailCodes.id, id));
}

/** Marks a code used; false when another request used it first. */
export async function consumeEmailCode(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length === 1;
}

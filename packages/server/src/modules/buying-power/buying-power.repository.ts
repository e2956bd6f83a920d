import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { holds, idempotencyKeys, ledgerAccounts } from '../../db/schema.js';

/** The user's pending holds, summed per account and reason. */
export async function pendingHolds(db: Database, userId: number) {
  return db
    .select({
      accountId: holds.accountId,
      referenceType: holds.referenceType,
      amount: sql<string>`SUM(${holds.amount})::text`,
      count: sql<number>`COUNT(*)::int`,
    })
    .from(holds)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, holds.accountId))
    .where(and(eq(ledgerAccounts.userId, userId), eq(holds.status, 'pending')))
    .groupBy(holds.accountId, holds.referenceType);
}

/** Whether the user has already used this Idempotency-Key (on any route). */
export async function keyUsed(tx: Database, userId: number, key: string): Promise<boolean> {
  const [row] = await tx.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
  return row !== undefined;
}

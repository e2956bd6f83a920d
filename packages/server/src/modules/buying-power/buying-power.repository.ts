import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countRows } from '../../db/paging.js';
import { holds, ledgerAccounts } from '../../db/schema.js';

/** The user's pending holds, summed per account and reason. */
export async function pendingHolds(db: Database, userId: number) {
  return db
    .select({
      accountId: holds.accountId,
      referenceType: holds.referenceType,
      amount: sql<string>`SUM(${holds.amount})::text`,
      count: countRows(),
    })
    .from(holds)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, holds.accountId))
    .where(and(eq(ledgerAccounts.userId, userId), eq(holds.status, 'pending')))
    .groupBy(holds.accountId, holds.referenceType);
}

import { desc, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { orders, watchlistItems } from '../../../db/schema.js';
import { countRows } from '../../../db/paging.js';

/** How often an instrument came up: orders placed, or watchlists holding it. */
export interface ActivityCount {
  source: number;
  code: string;
  n: number;
}

/** The instruments ordered most often since a time, most first. */
export async function mostTradedSince(db: Database, since: Date, limit: number): Promise<ActivityCount[]> {
  return db
    .select({ source: orders.source, code: orders.stockCode, n: countRows() })
    .from(orders)
    .where(gte(orders.createdAt, since))
    .groupBy(orders.source, orders.stockCode)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
}

/** The instruments on the most watchlists, most first. */
export async function mostWatched(db: Database, limit: number): Promise<ActivityCount[]> {
  return db
    .select({ source: watchlistItems.source, code: watchlistItems.stockCode, n: countRows() })
    .from(watchlistItems)
    .groupBy(watchlistItems.source, watchlistItems.stockCode)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
}

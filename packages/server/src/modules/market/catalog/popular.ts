import type { PopularItem } from '@tradewind/contract';
import { desc, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { orders, watchlistItems } from '../../../db/schema.js';
import { quoteItem, type MarketDeps, type WatchedSet } from '../market.service.js';

/** Block trades are stock orders at the desk's price: they count toward their stock. */
const quoteSource = (source: number) => (source === 4 ? 0 : source);

/** The product page's popular lists, from real activity: orders of the last week and watchlists. */
export async function popular(db: Database, deps: MarketDeps, watched: WatchedSet, since: Date, limit = 20) {
  const traded = await db
    .select({ source: orders.source, code: orders.stockCode, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(gte(orders.createdAt, since))
    .groupBy(orders.source, orders.stockCode)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
  const watchers = await db
    .select({ source: watchlistItems.source, code: watchlistItems.stockCode, n: sql<number>`count(*)::int` })
    .from(watchlistItems)
    .groupBy(watchlistItems.source, watchlistItems.stockCode)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
  const toItems = (rows: Array<{ source: number; code: string; n: number }>) => {
    const seen = new Set<string>();
    const items: PopularItem[] = [];
    for (const row of rows) {
      const instrument = deps.catalog.get(quoteSource(row.source), row.code);
      if (!instrument || seen.has(instrument.key)) continue;
      seen.add(instrument.key);
      items.push({ ...quoteItem(deps, instrument, watched), count: row.n });
    }
    return items;
  };
  return { mostTraded: toItems(traded), mostWatched: toItems(watchers) };
}

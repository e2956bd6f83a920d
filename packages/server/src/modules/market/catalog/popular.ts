import type { PopularItem } from '@tradewind/contract';
import type { Database } from '../../../db/client.js';
import { quoteItem, type MarketDeps, type WatchedSet } from '../market.service.js';
import { mostTradedSince, mostWatched, type ActivityCount } from './popular.repository.js';

/** Block trades are stock orders at the desk's price: they count toward their stock. */
const quoteSource = (source: number) => (source === 4 ? 0 : source);

/** The product page's popular lists, from real activity: orders of the last week and watchlists. */
export async function popular(db: Database, deps: MarketDeps, watched: WatchedSet, since: Date, limit = 20) {
  const traded = await mostTradedSince(db, since, limit);
  const watchers = await mostWatched(db, limit);
  const toItems = (rows: ActivityCount[]) => {
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

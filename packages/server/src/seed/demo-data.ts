import type { FastifyInstance } from 'fastify';
import { seedDemoArticles } from '../modules/articles/index.js';
import { seedDemoAgencies } from '../modules/follow/index.js';
import { seedDemoOfferings } from '../modules/ipo/index.js';
import { seedDemoBlockOffers } from '../modules/trading/index.js';

/**
 * The demo data a fresh install shows: block offers, IPO offerings, follow agencies, news and notices. Each kind is
 * keyed, so later starts and the other processes of a cluster add nothing; it runs once every module
 * is registered, as the IPO deps need trading's.
 */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  await seedDemoBlockOffers(app.trading);
  await seedDemoOfferings(app.ipo);
  await seedDemoAgencies(app.database.db, app.clock, app.market.deps.catalog);
  await seedDemoArticles({ db: app.database.db, clock: app.clock, catalog: app.market.deps.catalog });
}

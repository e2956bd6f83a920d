import { randomBytes } from 'node:crypto';
import { notionalMinor } from '@tradewind/contract';
import { stockOf, type IpoDeps } from './ipo-views.js';
import * as repo from './ipo.repository.js';

const DAY = 86_400_000;

/**
 * Demo offerings for a fresh install, of real US stocks in the master so they quote once listed:
 * one open for subscription, one whose purchase has ended (allotted by the first sweep, listing
 * tomorrow). Keyed, so later starts add nothing; skipped when the stock is not loaded.
 */
export async function seedDemoOfferings(deps: IpoDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  const demos = [
    { key: 'demo-open', code: 'RDDT', discount: 0.9, lotSize: 10, sharesOffered: 2_000_000, prospectus: -3, start: -1, end: 6, list: 9 },
    { key: 'demo-listing', code: 'ARM', discount: 0.85, lotSize: 100, sharesOffered: 5_000_000, prospectus: -12, start: -10, end: -1, list: 1 },
  ];
  for (const demo of demos) {
    const instrument = stockOf(deps, demo.code);
    if (!instrument) continue;
    // One share at the discounted price, in cents: the pricing module's notional (exact, half up).
    const priceMinor = Math.max(1, notionalMinor({ price: deps.market.feed.quote(instrument).price, quantity: 1, multiplier: demo.discount, rate: 1 }));
    await repo.insertOffering(deps.db, {
      stockCode: instrument.code,
      name: instrument.name,
      priceMinor,
      lotSize: demo.lotSize,
      sharesOffered: demo.sharesOffered,
      prospectusAt: new Date(now + demo.prospectus * DAY),
      purchaseStartAt: new Date(now + demo.start * DAY),
      purchaseEndAt: new Date(now + demo.end * DAY),
      listAt: new Date(now + demo.list * DAY),
      seed: randomBytes(32).toString('hex'),
      demoKey: demo.key,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, tick, type TestContext } from '../../../test/test-app.js';
import { MarketFeed } from './market-feed.js';
import { InProcessBus } from '../../bus/in-process-bus.js';
import { QuoteBus } from './quote-bus.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('market feed persistence', () => {
  it('flushes the bars ticks made and a restarted feed loads the same bars and quote', async () => {
    const feed = ctx.app.market.feed;
    const aapl = ctx.app.market.deps.catalog.get(0, 'AAPL')!;
    for (const price of [201, 202.5, 199.75, 203]) tick(ctx, 0, 'AAPL', price, 10);
    await feed.flush();
    const restarted = new MarketFeed({
      db: ctx.app.database.db,
      catalog: ctx.app.market.deps.catalog,
      bus: new QuoteBus(new InProcessBus(ctx.app.log)),
      now: () => ctx.clock.now().getTime(),
      seed: ctx.config.MARKET_SEED,
      historyDays: ctx.config.MARKET_HISTORY_DAYS,
      historySessions: ctx.config.MARKET_HISTORY_SESSIONS,
      log: { info: () => undefined },
    });
    await restarted.load();
    for (const interval of ['1m', '5m', '30m', '1d'] as const) {
      expect(restarted.bars(aapl, interval), interval).toEqual(feed.bars(aapl, interval));
    }
    expect(restarted.quote(aapl)).toMatchObject({ price: 203, tradingDate: feed.quote(aapl).tradingDate, high: feed.quote(aapl).high });
  });
});

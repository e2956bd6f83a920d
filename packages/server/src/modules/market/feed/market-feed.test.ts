import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, tick, type TestContext } from '../../../../test/test-app.js';
import { openDatabase, queryRows } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import { MarketFeed } from './market-feed.js';
import { QuoteBus } from './quote-bus.js';

let ctx: TestContext;

beforeAll(async () => {
  // No flush by the timer in the middle of a test: each flushes when it means to.
  ctx = await createTestContext({ MARKET_FLUSH_SECONDS: '3600' });
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
      bus: new QuoteBus(ctx.app.log),
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

  it('a process that does not lead keeps the last period’s unsaved marks, so a new leader writes them', async () => {
    const feed = ctx.app.market.feed;
    await feed.flush();
    tick(ctx, 0, 'MSFT', 411, 5);
    feed.forgetUnsaved(); // one flush period as a follower: the marks are kept back, not lost
    expect(await feed.flush()).toBe(4); // became the leader: one bucket per interval written
    tick(ctx, 0, 'MSFT', 412, 5);
    feed.forgetUnsaved();
    feed.forgetUnsaved(); // two periods as a follower: the leader of the time wrote them
    expect(await feed.flush()).toBe(0);
  });

  it('a shutdown during a first start\'s history save ends it after the instrument in hand; the next start generates the rest', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database);
      const lines: string[] = [];
      const feedOn = () =>
        new MarketFeed({
          db: database.db,
          catalog: ctx.app.market.deps.catalog,
          bus: new QuoteBus(ctx.app.log),
          now: () => ctx.clock.now().getTime(),
          seed: ctx.config.MARKET_SEED,
          historyDays: ctx.config.MARKET_HISTORY_DAYS,
          historySessions: ctx.config.MARKET_HISTORY_SESSIONS,
          log: { info: (line) => lines.push(line) },
        });
      const first = feedOn();
      await first.load();
      const saving = first.saveHistory();
      first.stopSavingHistory();
      await saving;
      const total = ctx.app.market.deps.catalog.all.length;
      const savedInstruments = async () =>
        (await queryRows<{ n: number }>(database.db, sql`SELECT count(DISTINCT instrument_key)::int AS n FROM price_bars WHERE interval = '1d'`))[0]?.n;
      expect(await savedInstruments()).toBe(1);
      expect(lines).toContain(`market: history save stopped at 1/${total} instruments; the others' history is generated again at the next start`);

      const second = feedOn();
      await second.load();
      for (const instrument of ctx.app.market.deps.catalog.all) expect(second.bars(instrument, '1d').length, instrument.key).toBeGreaterThan(0);
      await second.saveHistory();
      expect(await savedInstruments()).toBe(total);
    } finally {
      await database.close();
    }
  });
});

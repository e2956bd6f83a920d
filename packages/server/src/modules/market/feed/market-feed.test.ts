import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, TEST_SYMBOLS, tick, type TestContext } from '../../../../test/test-app.js';
import { KlineRange } from '@tradewind/contract';
import { openDatabase, queryRows, type DatabaseHandle } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import { kline } from '../market.service.js';
import { toStored, type BarBucket } from './bars.repository.js';
import { priceBars } from '../../../db/schema.js';
import { bucketOf, type Bar, type Interval } from './bars.js';
import { generateHistory } from './history.js';
import { instrumentStart, type InstrumentStart } from './instrument-start.js';
import { MarketFeed, type MarketFeedOptions } from './market-feed.js';
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

  it('one flush at a time: a second call waits for the one writing and then writes only what was marked since', async () => {
    const feed = ctx.app.market.feed;
    await feed.flush();
    tick(ctx, 0, 'NVDA', 150, 5);
    const first = feed.flush();
    expect(feed.flushInProgress).toBe(true);
    tick(ctx, 0, 'TSLA', 300, 5);
    const second = feed.flush();
    expect(await first).toBe(4);
    expect(await second).toBe(4);
    expect(feed.flushInProgress).toBe(false);
  });

  it('history is generated again from the stored anchor: two starts days apart give the same 1D and 1Y charts, live-changed buckets included', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database);
      let nowMs = ctx.clock.now().getTime();
      const feedOn = () => new MarketFeed({ ...feedOptions(), db: database.db, now: () => nowMs });
      const catalog = ctx.app.market.deps.catalog;
      const [aapl, msft] = [catalog.get(0, 'AAPL')!, catalog.get(0, 'MSFT')!];
      const first = feedOn();
      await first.load();
      const anchors = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM market_history_anchors`);
      expect(anchors[0]?.n).toBe(catalog.all.length);
      expect(await storedBuckets(database)).toBe(0); // generated history is not stored
      for (const price of [180, 181.5]) first.apply({ source: 0, code: 'AAPL', price, volume: 7, ts: (nowMs += 1000) });
      expect(await first.flush()).toBe(4); // the buckets the ticks changed, one per interval
      expect(await storedBuckets(database)).toBe(4);

      nowMs += 3 * 86_400_000; // the next start is days later: the history still ends where the first one's did
      // Keeping one instrument's generated history, each read of another makes it again.
      const second = new MarketFeed({ ...feedOptions(), db: database.db, now: () => nowMs, generatedKept: 1 });
      await second.load();
      const charts = (feed: MarketFeed) => [aapl, msft].flatMap((i) => [KlineRange.Intraday, KlineRange.Day, KlineRange.Year].map((range) => kline({ ...ctx.app.market.deps, feed }, i, range)));
      expect(charts(second)).toEqual(charts(first));
      for (const interval of ['1m', '5m', '30m', '1d'] as const) expect(second.bars(aapl, interval), interval).toEqual(first.bars(aapl, interval));
      expect(second.bars(aapl, '1m').at(-1)).toMatchObject({ close: 181.5, high: expect.any(Number) as number });
      expect(second.quote(aapl)).toMatchObject({ price: 181.5, tradingDate: first.quote(aapl).tradingDate });
    } finally {
      await database.close();
    }
  });

  it('a database from before the anchors keeps its stored history; a half-saved instrument is generated afresh and its buckets dropped', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, { upTo: '0032' });
      const catalog = ctx.app.market.deps.catalog;
      const [aapl, msft] = [catalog.get(0, 'AAPL')!, catalog.get(0, 'MSFT')!];
      const nowMs = ctx.clock.now().getTime();
      // As an older release saved a first start's history: every bucket of AAPL, and MSFT's save cut short before its daily bars.
      const old = generateHistory(aapl, { seed: 'an older seed', nowMs: nowMs - 86_400_000, days: 365, intradaySessions: 7 });
      const bucketsOf = (key: string, interval: Interval, bars: readonly Bar[]) => {
        const byBucket = new Map<string, Bar[]>();
        for (const bar of bars) byBucket.set(bucketOf(interval, bar), [...(byBucket.get(bucketOf(interval, bar)) ?? []), bar]);
        return [...byBucket].map(([bucket, list]) => ({ instrumentKey: key, interval, bucket, bars: list }));
      };
      await saveBuckets(database, (['1m', '5m', '30m', '1d'] as const).flatMap((interval) => bucketsOf(aapl.key, interval, old.bars[interval])), new Date(nowMs));
      await saveBuckets(database, bucketsOf(msft.key, '1m', old.bars['1m']), new Date(nowMs));
      await migrate(database);

      const feed = new MarketFeed({ ...feedOptions(), db: database.db, now: () => nowMs });
      await feed.load();
      expect(feed.bars(aapl, '1d')).toEqual(old.bars['1d']);
      expect(feed.bars(aapl, '1m')).toEqual(old.bars['1m']);
      const anchored = await queryRows<{ instrument_key: string }>(database.db, sql`SELECT instrument_key FROM market_history_anchors`);
      expect(anchored.map((r) => r.instrument_key)).not.toContain(aapl.key);
      expect(anchored).toHaveLength(catalog.all.length - 1);
      expect(await storedBuckets(database, msft.key)).toBe(0);
      expect(feed.bars(msft, '1d').length).toBeGreaterThan(200);
    } finally {
      await database.close();
    }
  });
});

function feedOptions() {
  return {
    catalog: ctx.app.market.deps.catalog,
    bus: new QuoteBus(ctx.app.log),
    seed: ctx.config.MARKET_SEED,
    historyDays: ctx.config.MARKET_HISTORY_DAYS,
    historySessions: ctx.config.MARKET_HISTORY_SESSIONS,
    log: { info: () => undefined },
  };
}

/** Whole buckets as an older release stored them (price_bars only: its schema had no tails), in statements of 100. */
async function saveBuckets(database: DatabaseHandle, buckets: readonly BarBucket[], now: Date): Promise<void> {
  const rows = buckets.map((b) => ({ ...b, bars: b.bars.map(toStored), updatedAt: now }));
  for (let i = 0; i < rows.length; i += 100) await database.db.insert(priceBars).values(rows.slice(i, i + 100));
}

/** Buckets with bars stored, whole in price_bars or as tail rows not yet folded into it. */
async function storedBuckets(database: DatabaseHandle, instrumentKey?: string): Promise<number | undefined> {
  const where = instrumentKey === undefined ? sql`true` : sql`instrument_key = ${instrumentKey}`;
  const buckets = sql`SELECT instrument_key, interval, bucket FROM price_bars WHERE ${where} UNION SELECT instrument_key, interval, bucket FROM price_bar_tails WHERE ${where}`;
  return (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM (${buckets}) AS stored`))[0]?.n;
}

describe('market feed: waiting for a flush', () => {

  it('nextFlush settles once the next flush has ended, not before', async () => {
    const feed = ctx.app.market.feed;
    let settled = false;
    const next = feed.nextFlush().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    tick(ctx, 0, 'AMD', 120, 5);
    expect(await feed.flush()).toBe(4);
    await next;
    expect(settled).toBe(true);
  });
});

describe('market feed: history made off the main thread', () => {
  it('a first start takes the history made before its database existed and stores its anchor; later starts make the same again', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database);
      const catalog = ctx.app.market.deps.catalog;
      const anchor = ctx.clock.now().getTime() - 20_000;
      const history = { seed: ctx.config.MARKET_SEED, days: ctx.config.MARKET_HISTORY_DAYS, intradaySessions: ctx.config.MARKET_HISTORY_SESSIONS, nowMs: anchor };
      const made = new Map(catalog.all.map((i) => [i.key, instrumentStart(i, history, undefined)]));
      const feedOn = () => new MarketFeed({ ...feedOptions(), db: database.db, now: () => anchor + 20_000 });
      const first = feedOn();
      await first.load({ anchor, starts: Promise.resolve(made) });
      const stored = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM market_history_anchors WHERE generated_until = ${new Date(anchor).toISOString()}`);
      expect(stored[0]?.n).toBe(catalog.all.length);
      const second = feedOn();
      await second.load({ anchor: anchor + 1, starts: Promise.resolve(new Map<string, InstrumentStart>()) }); // anchors stored: nothing is new, nothing taken
      for (const instrument of catalog.all) {
        expect(second.quote(instrument), instrument.code).toEqual(first.quote(instrument));
        for (const interval of ['1m', '5m', '30m', '1d'] as const) expect(second.bars(instrument, interval), `${instrument.code} ${interval}`).toEqual(first.bars(instrument, interval));
      }
    } finally {
      await database.close();
    }
  });

  it('history generated in worker threads gives every instrument the same quote and bars as on the main thread, stored buckets included', async () => {
    const feed = ctx.app.market.feed;
    tick(ctx, 0, 'AAPL', 204, 3);
    tick(ctx, 4, 'EURUSD', 1.0876, 0);
    await feed.flush();
    const catalog = ctx.app.market.deps.catalog;
    const loadedOn = async (threads: MarketFeedOptions['threads']) => {
      const restarted = new MarketFeed({ ...feedOptions(), db: ctx.app.database.db, now: () => ctx.clock.now().getTime(), threads });
      await restarted.load();
      return restarted;
    };
    const [inline, threaded] = [await loadedOn(undefined), await loadedOn({ count: 2, catalog: { alwaysOpen: ctx.config.MARKET_ALWAYS_OPEN, only: new Set(TEST_SYMBOLS.split(',')) } })];
    expect(catalog.all.length).toBeGreaterThan(2);
    for (const instrument of catalog.all) {
      expect(threaded.quote(instrument), instrument.code).toEqual(inline.quote(instrument));
      for (const interval of ['1m', '5m', '30m', '1d'] as const) expect(threaded.bars(instrument, interval), `${instrument.code} ${interval}`).toEqual(inline.bars(instrument, interval));
    }
    expect(threaded.quote(catalog.get(0, 'AAPL')!)).toMatchObject({ price: 204 });
  });

  it('a worker that cannot make an instrument’s history fails the load, naming the instrument', async () => {
    const only = new Set(['MSFT']); // the workers' master lacks the other instruments
    const feed = new MarketFeed({ ...feedOptions(), db: ctx.app.database.db, now: () => ctx.clock.now().getTime(), threads: { count: 2, catalog: { alwaysOpen: false, only } } });
    await expect(feed.load()).rejects.toThrow(/generating market history in a worker thread failed: instrument .+ is not in the master/);
  });
});

describe('market feed persistence: bucket tails', () => {
  it('a flush writes a bucket whole once and then only the bars ticks changed; a bucket its series moved past has them folded into price_bars; a restart reads the same bars', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database);
      let nowMs = ctx.clock.now().getTime();
      const feedOn = () => new MarketFeed({ ...feedOptions(), db: database.db, now: () => nowMs });
      const aapl = ctx.app.market.deps.catalog.get(0, 'AAPL')!;
      const feed = feedOn();
      await feed.load();
      const apply = (price: number, stepMs: number) => feed.apply({ source: 0, code: 'AAPL', price, volume: 3, ts: (nowMs += stepMs) });
      const sameAsStored = async () => {
        const restarted = feedOn();
        await restarted.load();
        for (const interval of ['1m', '5m', '30m', '1d'] as const) expect(restarted.bars(aapl, interval), interval).toEqual(feed.bars(aapl, interval));
      };
      const tailRows = async (interval: string) => (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM price_bar_tails WHERE interval = ${interval}`))[0]?.n;
      const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

      const stored1m = () => queryRows<{ bucket: string; n: number }>(database.db, sql`SELECT bucket, jsonb_array_length(bars)::int AS n FROM price_bars WHERE interval = '1m' ORDER BY bucket`);
      const minutesOf = (hour: string) => feed.bars(aapl, '1m').filter((b) => hourOf(b.t * 1000) === hour).length;

      apply(180, 1000);
      const firstHour = hourOf(nowMs);
      expect(await feed.flush()).toBe(4); // each bucket whole, the first time
      expect(await stored1m()).toEqual([{ bucket: firstHour, n: minutesOf(firstHour) }]);
      expect(await tailRows('1m')).toBe(0);
      apply(181, 1000); // the same minute's bar changes
      apply(179.5, 61_000); // and a new minute's bar begins
      expect(await feed.flush()).toBe(4);
      expect(await tailRows('1m')).toBe(2); // those two bars only
      await sameAsStored();

      nowMs = Date.parse(`${firstHour}:00:00Z`) + 3_600_000 - 1000;
      apply(182, 2000); // the next hour: the 1m series moves to a new bucket
      const nextHour = hourOf(nowMs);
      expect(await feed.flush()).toBe(4);
      expect(await stored1m()).toEqual([
        { bucket: firstHour, n: minutesOf(firstHour) }, // its tails folded in
        { bucket: nextHour, n: 1 },
      ]);
      expect(await tailRows('1m')).toBe(0);
      await sameAsStored();
      expect(feed.bars(aapl, '1m').at(-1)).toMatchObject({ close: 182 });

      // A restarted feed holds what is stored of its open buckets: its first flush sends the changed bar only.
      const restarted = feedOn();
      await restarted.load();
      restarted.apply({ source: 0, code: 'AAPL', price: 183, volume: 1, ts: (nowMs += 1000) });
      expect(await restarted.flush()).toBe(4);
      expect(await tailRows('1m')).toBe(1);
      expect(await stored1m()).toEqual([
        { bucket: firstHour, n: minutesOf(firstHour) },
        { bucket: nextHour, n: 1 },
      ]);
    } finally {
      await database.close();
    }
  });
});

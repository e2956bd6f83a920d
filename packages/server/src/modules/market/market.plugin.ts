import { type MarketDataSource, MarketType } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { catalogOptionsOf } from './catalog/catalog-options.js';
import { loadInstruments } from './catalog/instruments.js';
import { HISTORY_THREADS_FROM, historyThreadCount } from './feed/history-pool.js';
import type { HistoryAhead } from './history-ahead.js';
import { MarketFeed } from './feed/market-feed.js';
import { marketDataSource } from './providers/market-source.js';
import type { MarketDeps } from './market.service.js';
import type { MarketDataProvider } from './providers/market-data-provider.js';
import { CsvReplayProvider } from './providers/csv-replay.provider.js';
import { FinnhubProvider } from './providers/finnhub.provider.js';
import { QuoteBus } from './feed/quote-bus.js';
import { SimulatorProvider } from './feed/simulator.js';

export interface MarketRuntime {
  deps: MarketDeps;
  feed: MarketFeed;
  bus: QuoteBus;
  provider: MarketDataProvider | null;
  /** Where the prices come from, as `GET /market/dataSource` tells the app. */
  source: MarketDataSource;
}

export interface MarketPluginOptions {
  /** A first start's history, begun before the database (main.ts, history-ahead.ts). */
  historyAhead?: HistoryAhead;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketRuntime;
  }
}

/**
 * Loads the instrument master and bars; the leader runs the configured provider. Prices flow
 * provider (leader) → bus `tick` → every process's feed (quotes, bars) → its quote listeners
 * (websocket clients, engine); the leader flushes bars to the database.
 */
export const marketPlugin = fp(
  async (app: FastifyInstance, options: MarketPluginOptions) => {
    const config = app.config;
    const now = () => app.clock.now().getTime();
    const catalogOptions = catalogOptionsOf(config);
    const { catalog, calendars } = loadInstruments(catalogOptions);
    const bus = new QuoteBus(app.log);
    const feed = new MarketFeed({
      db: app.database.db,
      catalog,
      bus,
      now,
      seed: config.MARKET_SEED,
      historyDays: config.MARKET_HISTORY_DAYS,
      historySessions: config.MARKET_HISTORY_SESSIONS,
      log: app.log,
      threads: catalog.all.length >= HISTORY_THREADS_FROM ? { count: historyThreadCount(), catalog: catalogOptions } : undefined,
    });
    await feed.load(options.historyAhead);

    const deps: MarketDeps = {
      catalog,
      feed,
      now,
      seed: config.MARKET_SEED,
      calendars: {
        [MarketType.US]: calendars.us,
        [MarketType.TW]: calendars.tw,
        [MarketType.Index]: calendars.index('SPX', 'Americas'),
        [MarketType.Futures]: calendars.futures,
        [MarketType.Forex]: calendars.forex,
      },
    };
    const provider = createProvider(app, deps);
    app.decorate('market', { deps, feed, bus, provider, source: marketDataSource(config) });

    // Every process applies the provider's ticks, from whichever process leads, to its own feed.
    const stopTicks = app.bus.subscribe('tick', (tick) => feed.apply(tick));
    app.leadership.register('market feed', {
      start: async () => {
        if (!provider) return;
        await provider.start((tick) => app.bus.publish('tick', tick));
        app.log.info(`market: ${provider.name} provider started for ${catalog.all.length} instruments`);
      },
      stop: async () => {
        await provider?.stop();
        await feed.flush();
      },
    });
    // Only the leader writes bars; the others keep theirs in memory for reading and drop the marks.
    const flushTimer = setInterval(() => {
      if (!app.leadership.isLeader) return feed.forgetUnsaved();
      if (feed.flushInProgress) return; // the marks wait for the next period
      feed.flush().catch((error: unknown) => app.log.error({ err: error }, 'market: flushing bars failed'));
    }, config.MARKET_FLUSH_SECONDS * 1000);
    flushTimer.unref();

    app.addHook('onClose', () => {
      clearInterval(flushTimer);
      stopTicks();
    });
  },
  { name: 'market', dependencies: ['database', 'bus', 'leadership'] },
);

function createProvider(app: FastifyInstance, deps: MarketDeps): MarketDataProvider | null {
  const config = app.config;
  switch (config.MARKET_PROVIDER) {
    case 'none':
      return null;
    case 'simulator':
      return new SimulatorProvider({
        instruments: deps.catalog.all,
        seed: config.MARKET_SEED,
        now: deps.now,
        tickMs: config.MARKET_TICK_MS,
        startingPrice: (instrument) => {
          const state = deps.feed.quote(instrument);
          return { price: state.price, previousClose: state.previousClose, sessionDate: state.tradingDate || null };
        },
      });
    case 'csv':
      return new CsvReplayProvider({
        file: config.MARKET_CSV_FILE ?? '',
        speed: config.MARKET_CSV_SPEED,
        loop: config.MARKET_CSV_LOOP,
        now: deps.now,
        instrumentExists: (source, code) => deps.catalog.get(source, code) !== undefined,
      });
    case 'finnhub':
      return new FinnhubProvider({
        token: config.FINNHUB_TOKEN ?? '',
        url: config.FINNHUB_URL,
        symbols: deps.catalog.all.map((i) => ({ source: i.source, code: i.code })),
        log: app.log,
      });
  }
}

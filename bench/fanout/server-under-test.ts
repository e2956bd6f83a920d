import type { AddressInfo } from 'node:net';
import type { QuoteTick } from '@tradewind/contract';
import { buildApp } from '@tradewind/server';
// The server package exports only buildApp; the rest of the start-up is read from its source.
import { loadConfig } from '../../packages/server/src/config/config.js';
import { openDatabase, type DatabaseHandle } from '../../packages/server/src/db/client.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import type { Instrument } from '../../packages/server/src/modules/market/index.js';
import { seededRandom } from './plan.js';

type App = Awaited<ReturnType<typeof buildApp>>;

export interface ServerSettings {
  /** The simulator's step (MARKET_TICK_MS) and, with `rate`, the bench driver's. */
  tickMs: number;
  /** WS_MAX_BUFFERED_BYTES: a client whose unsent backlog passes this is dropped. */
  maxBufferedBytes: number;
  /** MARKET_FLUSH_SECONDS. */
  flushSeconds: number;
  /** Ticks/s the bench drives into the feed instead of running the simulator. */
  rate: number | undefined;
}

export interface ServerUnderTest {
  url: string;
  /** Instruments in catalog order (the master lists the most watched first). */
  instruments: readonly Instrument[];
  /** Every quote the feed publishes to the websocket hub. */
  onQuote(listener: (tick: QuoteTick) => void): () => void;
  close(): Promise<void>;
}

/**
 * The real server, built in this process the way `main.ts` builds it: in-memory PGlite, migrations,
 * the whole Fastify app with every plugin, the market feed and the `/ws` quote hub.
 */
export async function startServer(settings: ServerSettings): Promise<ServerUnderTest> {
  const config = loadConfig({
    NODE_ENV: 'production',
    // No SMTP server here: codes go to the outbox (a production start otherwise refuses without SMTP_URL).
    MAIL_LOG_ONLY: 'true',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    MARKET_PROVIDER: settings.rate === undefined ? 'simulator' : 'none',
    MARKET_ALWAYS_OPEN: 'true',
    MARKET_TICK_MS: String(settings.tickMs),
    MARKET_HISTORY_DAYS: '30',
    MARKET_HISTORY_SESSIONS: '1',
    MARKET_FLUSH_SECONDS: String(settings.flushSeconds),
    WS_MAX_BUFFERED_BYTES: String(settings.maxBufferedBytes),
  });
  const database: DatabaseHandle = await openDatabase({ dataDir: config.dataDir });
  await migrate(database);
  const app: App = await buildApp({ config, database, logger: false });
  await app.ready();
  // The first start saves generated history in the background; let it finish before measuring.
  await app.market.feed.flush();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const instruments = app.market.deps.catalog.all;
  const stopDriver = settings.rate === undefined ? () => undefined : driveFeed(app, instruments, settings.rate, settings.tickMs);

  return {
    url: `ws://127.0.0.1:${port}/ws`,
    instruments,
    onQuote: (listener) => app.market.bus.subscribe(listener),
    async close() {
      stopDriver();
      await app.close();
      await database.close();
    },
  };
}

/**
 * `--rate`: ticks every instrument in turn at `rate` ticks/s in all, through the same
 * `feed.apply` the providers call (quote state, bars, bus, hub), one batch per `tickMs` step.
 */
function driveFeed(app: App, instruments: readonly Instrument[], rate: number, tickMs: number): () => void {
  const random = seededRandom('fanout-driver');
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(random(), 1e-12))) * Math.cos(2 * Math.PI * random());
  const prices = instruments.map((i) => app.market.feed.quote(i).price);
  const started = Date.now();
  let sent = 0;
  let next = 0;
  const timer = setInterval(() => {
    const ts = Date.now();
    const due = Math.floor(((ts - started) * rate) / 1000) - sent;
    for (let n = 0; n < due; n++) {
      const index = next;
      const instrument = instruments[index];
      next = (next + 1) % instruments.length;
      if (!instrument) continue;
      const price = (prices[index] ?? instrument.referencePrice) * Math.exp(0.0005 * gauss());
      prices[index] = price;
      app.market.feed.apply({ source: instrument.source, code: instrument.code, price, volume: 100, ts });
    }
    sent += due;
  }, tickMs);
  return () => clearInterval(timer);
}

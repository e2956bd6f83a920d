/**
 * The server under test, in its own process (started by `server-control.ts` with `fork`): the real
 * app on PostgreSQL, built the way `main.ts` builds it, listening on 127.0.0.1 port 0. It also
 * prepares the traders (through the same calls and helpers the server's tests use), reports its
 * CPU and event loop over the bench's window and can profile itself over that window.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '@tradewind/server';
import { loadConfig } from '../../packages/server/src/config/config.js';
import { openDatabase, runFixed, type DatabaseHandle } from '../../packages/server/src/db/client.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { systemClock } from '../../packages/server/src/lib/clock.js';
import { keepTickObjectShape } from '../../packages/server/src/lib/tick-object-shape.js';
import { ensureAdmin } from '../../packages/server/src/modules/admin/admin.service.js';
import { auditLedger } from '../../packages/server/src/modules/ledger/ledger-invariants.js';
import { walletFor } from '../../packages/server/src/modules/trading/trading-rules.js';
// The server's own test helpers: registration with the mailed code, trading permission, funding.
import { ADMIN_EMAIL, ADMIN_PASSWORD, approveTrading, fund, registerUser, uniqueEmail } from '../../packages/server/test/test-app.js';
import type { BenchUser, FromServer, ServerSettings, ServerWindow, ToServer } from './protocol.js';

type App = Awaited<ReturnType<typeof buildApp>>;

// As main.ts does first: every tick stays on V8's fast path after a full collection (lib/tick-object-shape.ts).
keepTickObjectShape();

const send = (message: FromServer) => process.send?.(message);
if (!process.send) throw new Error('server-process must be started with fork() (it talks over IPC)');

let app: App | undefined;
let database: DatabaseHandle | undefined;
let profiler: Session | undefined;
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
/** The soak's own lag histogram, from one stats request to the next (independent of the window's). */
const statsLoopDelay = monitorEventLoopDelay({ resolution: 5 });

async function start(settings: ServerSettings): Promise<FromServer> {
  const started = performance.now();
  const config = loadConfig({
    NODE_ENV: 'production',
    // No SMTP server here: codes go to the outbox (a production start otherwise refuses without SMTP_URL).
    MAIL_LOG_ONLY: 'true',
    ...(settings.databaseUrl !== undefined && { DATABASE_URL: settings.databaseUrl }),
    DATABASE_POOL_SIZE: String(settings.poolSize),
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    EMAIL_CODE_INTERVAL_SECONDS: '0',
    EMAIL_CODE_PER_IP_PER_HOUR: '1000000',
    // The benchmark measures the engine, not the per-user abuse limit.
    ORDER_PER_USER_PER_MINUTE: '100000',
    MARKET_PROVIDER: settings.market,
    MARKET_ALWAYS_OPEN: 'true',
    MARKET_SYMBOLS: settings.marketSymbols.join(','),
    MARKET_HISTORY_DAYS: '30',
    MARKET_HISTORY_SESSIONS: '1',
    // Set in the bench's environment to compare batches in flight (issue 22).
    ...(process.env.ORDER_BATCHES_IN_FLIGHT !== undefined && { ORDER_BATCHES_IN_FLIGHT: process.env.ORDER_BATCHES_IN_FLIGHT }),
  });
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
  await migrate(database);
  await ensureAdmin({ db: database.db, config, clock: systemClock, log: { info: () => undefined } as never }, () => undefined);
  // As main.ts builds it: pino at LOG_LEVEL (silent), every plugin and route.
  app = await buildApp({ config, database });
  await app.ready();
  await app.market.feed.flush(); // the generated history, saved before anything is measured
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  const symbols = settings.tradeSymbols.map((code) => {
    const instrument = app?.market.deps.catalog.find(code);
    if (!instrument) throw new Error(`symbol ${code} is not in the instrument master`);
    if (walletFor(instrument.source).walletType !== 'STOCK') throw new Error(`symbol ${code} does not trade from the STOCK wallet`);
    return { code: instrument.code, source: instrument.source };
  });
  const startMs = performance.now() - started;

  const users = await registerAll(app, settings.users, settings.fundMinor);
  return { type: 'ready', port, users, symbols, startMs, setupMs: performance.now() - started - startMs };
}

/** Registers (e-mail code from the outbox, argon2 password), grants trading, funds the STOCK wallet; 8 at a time. */
async function registerAll(server: App, count: number, fundMinor: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const session = await registerUser(server, uniqueEmail('bench'));
      await approveTrading(server, session.user.id);
      await fund(server, session.user.id, fundMinor, 'STOCK');
      users.push({ id: session.user.id, token: session.token });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, count) }, worker));
  return users.sort((a, b) => a.id - b.id);
}

const windowNow = (): ServerWindow => {
  const usage = process.cpuUsage();
  const batcher = app?.trading.orderBatcher;
  // Read through a loose type: trees from before the close batcher have no such field.
  const closes = (app?.trading as { closeBatcher?: { stats: { batches: number; closes: number; alone: number; known?: number; read?: number } } } | undefined)?.closeBatcher;
  const fills = (app?.trading as { fillBatcher?: { stats: { batches: number; fills: number; alone: number } } } | undefined)?.fillBatcher;
  return {
    elu: performance.eventLoopUtilization(),
    cpuUs: usage.user + usage.system,
    ...(batcher && { orderBatches: { batches: batcher.stats.batches, orders: batcher.stats.orders, splits: batcher.stats.splits, largest: batcher.stats.largest } }),
    ...(closes && { closeBatches: { batches: closes.stats.batches, closes: closes.stats.closes, alone: closes.stats.alone, known: closes.stats.known, read: closes.stats.read } }),
    ...(fills && { fillBatches: { batches: fills.stats.batches, fills: fills.stats.fills, alone: fills.stats.alone } }),
  };
};

async function windowStart(profile: boolean): Promise<FromServer> {
  if (profile) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
    await profiler.post('Profiler.start');
  }
  loopDelay.reset();
  loopDelay.enable();
  return { type: 'window-started', ...windowNow() };
}

async function windowEnd(profileFile: string | undefined): Promise<FromServer> {
  const now = windowNow();
  loopDelay.disable();
  const answer: FromServer = { type: 'window-ended', ...now, loopDelayP99Ms: loopDelay.percentile(99) / 1e6, loopDelayMaxMs: loopDelay.max / 1e6 };
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = undefined;
    if (profileFile) await writeFile(profileFile, JSON.stringify(profile));
  }
  return answer;
}

/** V8's full collection, without starting the process with --expose-gc (which production does not use). */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** Heap (live after a full collection when asked) and RSS now, and the event loop's lag since the previous stats request. */
function stats(collect: boolean): FromServer {
  const before = performance.now();
  if (collect) collectGarbage();
  const collectMs = performance.now() - before;
  const memory = process.memoryUsage();
  const answer: FromServer = {
    type: 'stats-taken',
    heapUsedBytes: memory.heapUsed,
    rssBytes: memory.rss,
    collectMs,
    loopDelayP99Ms: statsLoopDelay.count > 0 ? statsLoopDelay.percentile(99) / 1e6 : NaN,
    loopDelayMaxMs: statsLoopDelay.count > 0 ? statsLoopDelay.max / 1e6 : NaN,
  };
  statsLoopDelay.reset();
  statsLoopDelay.enable();
  return answer;
}

async function close(): Promise<FromServer> {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
  return { type: 'closed' };
}

async function audit(): Promise<FromServer> {
  await app?.close();
  app = undefined;
  if (!database) throw new Error('audit: the server has no database open');
  return { type: 'audited', audit: await auditLedger(database.db) };
}

function lastPrice(source: number, code: string): number {
  if (!app) throw new Error('quote: the server is not started');
  const instrument = app.market.deps.catalog.get(source, code);
  if (!instrument) throw new Error(`quote: ${code} (source ${source}) is not in the instrument master`);
  return app.market.feed.quote(instrument).price;
}

const leftQueries = {
  closed: { name: 'bench_open_positions', text: `SELECT count(*)::text AS n FROM positions WHERE status = 'open' AND source = $1 AND stock_code = $2` },
  filled: { name: 'bench_resting_orders', text: `SELECT count(*)::text AS n FROM orders WHERE status = 0 AND source = $1 AND stock_code = $2` },
};

/** One tick at factor × the last price, then the symbol's open positions (or resting orders) counted every 5 ms until none is left. */
async function priceMove(request: Extract<ToServer, { type: 'price-move' }>): Promise<FromServer> {
  if (!app || !database) throw new Error('price-move: the server is not started');
  const { source, code, factor, until, timeoutMs } = request;
  const price = lastPrice(source, code) * factor;
  const { db } = database;
  const left = async () => Number((await runFixed<{ n: string }>(db, leftQueries[until], [source, code]))[0]!.n);
  const started = performance.now();
  app.market.feed.apply({ source: source as 0, code, price, volume: 100, ts: Date.now() });
  let remaining = await left();
  while (remaining > 0 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    remaining = await left();
  }
  return { type: 'price-moved', price, drainedMs: performance.now() - started, remaining, ...windowNow() };
}

async function handle(request: ToServer): Promise<FromServer> {
  switch (request.type) {
    case 'start':
      return start(request.settings);
    case 'window-start':
      return windowStart(request.profile);
    case 'window-end':
      return windowEnd(request.profileFile);
    case 'stats':
      return stats(request.collect);
    case 'audit':
      return audit();
    case 'quote':
      return { type: 'quoted', price: lastPrice(request.source, request.code), ...windowNow() };
    case 'price-move':
      return priceMove(request);
    case 'close':
      return close();
  }
}

process.on('message', (request: ToServer) => {
  handle(request).then(send, (error: unknown) => send({ type: 'fatal', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
});
// Without the bench (its IPC channel closed) there is nothing left to do.
process.on('disconnect', () => {
  void close().finally(() => process.exit(0));
});

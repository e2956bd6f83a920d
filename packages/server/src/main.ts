import cluster from 'node:cluster';
import { once } from 'node:events';
import { ConfigError, configWarnings, loadConfig } from './config/config.js';
import { logOutputOptions } from './lib/log-output.js';
import { createStartingServer } from './lib/starting-server.js';
import { keepTickObjectShape } from './lib/tick-object-shape.js';

async function main() {
  const startedAt = Date.now();
  // Before any full collection can run: every HTTP answer's ticks stay on V8's fast path (lib/tick-object-shape.ts).
  keepTickObjectShape();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee docs/operations.md for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
  // The port opens first, before the app's modules are even loaded (that alone takes seconds under tsx):
  // /health answers `starting` while the database and market history get ready. A `node:cluster` worker
  // (npm run start:cluster) shares the primary's port instead and listens only once it is ready, since the
  // primary hands connections to every listening worker in turn.
  const inCluster = cluster.isWorker;
  const starting = createStartingServer(config.DATABASE_URL ? 'postgres' : 'pglite');
  if (!inCluster) {
    starting.server.listen({ host: config.HOST, port: config.PORT });
    await once(starting.server, 'listening');
  }
  const portOpenSeconds = inCluster ? null : (Date.now() - startedAt) / 1000;

  const [{ default: pino }, { buildApp, loggerOptions }, { openDatabase }, { migrate }, { systemClock }, { ensureAdmin }, { startHistoryAhead }, { isNewPgliteDirectory }] = await Promise.all([
    import('pino'),
    import('./app.js'),
    import('./db/client.js'),
    import('./db/migrate.js'),
    import('./lib/clock.js'),
    import('./modules/admin/index.js'),
    import('./modules/market/index.js'),
    import('./db/pglite-cluster.js'),
  ]);
  // A new PGlite database takes seconds to create and migrate; the market history, all new too, is generated meanwhile.
  const historyAhead = !config.DATABASE_URL && isNewPgliteDirectory(config.dataDir) ? startHistoryAhead(config, systemClock.now().getTime()) : undefined;
  // One logger for start-up lines and requests, so pretty and JSON output never interleave two streams.
  const log = pino({ ...loggerOptions(config.LOG_LEVEL), ...logOutputOptions(config.LOG_FORMAT) });
  for (const warning of configWarnings()) log.warn(warning);
  if (inCluster) log.info({ host: config.HOST, port: config.PORT, worker: cluster.worker?.id }, 'cluster worker starting; it takes connections once ready');
  else log.info({ host: config.HOST, port: config.PORT, portOpenSeconds }, 'port open; /health answers "starting" until the server is ready');

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
  // Before the app exists a lost database just ends the process; after, it stops the way a signal does (below).
  let stopForLostDatabase: () => void = () => process.exit(1);
  database.onLost?.((reason) => {
    // Every request would fail from here on: stop, so a supervisor (or the operator) starts a server that works.
    log.fatal({ err: reason }, 'the database stopped; shutting down');
    stopForLostDatabase();
  });
  const applied = await migrate(database);
  log.info({ database: database.kind, location: database.kind === 'pglite' ? config.dataDir : 'DATABASE_URL', applied }, 'database ready');
  // The generated admin's password is shown once, as a log line of its own (readable in pretty and in JSON output).
  await ensureAdmin({ db: database.db, config, clock: systemClock, log }, (credentials) => log.warn(credentials, 'first start: an admin account was created; its password is shown only this once (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)'));

  const app = await buildApp({ config, database, loggerInstance: log, serverFactory: starting.serverFactory, historyAhead });
  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, closing sockets and the database');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    try {
      // Fastify does not close a server it did not open: new requests get 503 while it drains, then the port closes.
      await app.close();
      starting.server.close();
      starting.server.closeAllConnections();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed; exiting');
      process.exit(1);
    }
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  stopForLostDatabase = () => void shutdown('database lost', 1);

  await app.ready();
  starting.serve();
  if (inCluster) {
    starting.server.listen({ host: config.HOST, port: config.PORT });
    await once(starting.server, 'listening');
  }
  log.info({ url: `http://localhost:${config.PORT}`, apiReference: '/docs', seconds: (Date.now() - startedAt) / 1000 }, 'Tradewind is ready');
  const { collectStartUpGarbage } = await import('./lib/start-up-garbage.js');
  collectStartUpGarbage();
  // The first bar flush after a start writes every bucket the ticks touched whole, leaving as much garbage again.
  void app.market.feed.nextFlush().then(collectStartUpGarbage);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tradewind failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

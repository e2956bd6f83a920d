import { buildApp, loggerOptions } from './app.js';
import { ConfigError, configWarnings, loadConfig } from './config/config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureAdmin } from './modules/admin/admin.service.js';
import { systemClock } from './lib/clock.js';
import pino from 'pino';

async function main() {
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
  const log = pino(loggerOptions(config.LOG_LEVEL));
  for (const warning of configWarnings()) log.warn(warning);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
  const applied = await migrate(database);
  log.info({ database: database.kind, location: database.kind === 'pglite' ? config.dataDir : 'DATABASE_URL', applied }, 'database ready');
  await ensureAdmin({ db: database.db, config, clock: systemClock, log }, (text) => process.stdout.write(`${text}\n`));

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, closing sockets and the database');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  process.stdout.write(`\n  Tradewind is running on http://localhost:${config.PORT}  (API reference: /docs)\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Tradewind failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

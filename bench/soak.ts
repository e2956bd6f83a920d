/**
 * Soak benchmark: the real server in its own process under a mixed load (quote, wallet and position
 * reads, market buys and closes, wallet transfers, websocket subscribers receiving quotes) for
 * SOAK_MINUTES at half the measured maximum, one line per minute (requests, rate, p50/p99, errors by
 * kind, server RSS and heap, event-loop lag, database connections), then the memory verdict: the
 * least-squares slope of the server's RSS after warm-up, in MB/min, against a bound. Printed, never
 * asserted.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run soak -w @tradewind/bench
 *
 * With DATABASE_URL the server runs on a fresh database created beside it and dropped after; without
 * it on in-memory PGlite. Settings (environment): SOAK_MINUTES (10), SOAK_MAX_RATE (calls/s; skips the
 * ramp), SOAK_RAMP_SECONDS (30), SOAK_RAMP_WORKERS (32), SOAK_USERS (64), SOAK_SUBSCRIBERS (50),
 * SOAK_POOL (16), SOAK_RSS_BOUND_MB_PER_MIN (1). Progress goes to stderr, the results to stdout.
 * See docs/performance/soak.md for recorded figures.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.js';
import { auditLedger } from '../packages/server/src/modules/ledger/ledger-invariants.js';
import { percentile } from './fanout/histogram.js';
import { bookFigures, createFreshDatabase, type FreshDatabase } from './orders/databases.js';
import { errorSummary, fixed, markdownTable, whole } from './orders/report.js';
import { ServerProcess } from './orders/server-control.js';
import { MIX, MixedLoad } from './soak/mixed-load.js';
import { residentBytes, slope } from './soak/memory-trend.js';

const TRADE_SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'GOOGL'];
const MARKET_SYMBOLS = [...TRADE_SYMBOLS, 'EURUSD', 'USDTWD'];
/** $10,000,000 per user: far more than ten minutes of 1-share buys and $1 transfers can spend. */
const FUND_MINOR = 1_000_000_000;
const MB = 1024 * 1024;
/** RSS is read this often for the slope. */
const SAMPLE_MS = 5_000;

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`soak: ${name} must be a positive number, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

const settings = {
  minutes: setting('SOAK_MINUTES', 10),
  maxRate: process.env.SOAK_MAX_RATE ? setting('SOAK_MAX_RATE', 1) : undefined,
  rampSeconds: setting('SOAK_RAMP_SECONDS', 30),
  rampWorkers: setting('SOAK_RAMP_WORKERS', 32),
  users: setting('SOAK_USERS', 64),
  subscribers: setting('SOAK_SUBSCRIBERS', 50),
  pool: setting('SOAK_POOL', 16),
  boundMbPerMin: setting('SOAK_RSS_BOUND_MB_PER_MIN', 1),
};

/** Connections of the run's database, or undefined on PGlite (one in-process connection). */
async function connectionCounter(baseUrl: string | undefined, database: FreshDatabase | undefined): Promise<{ count(): Promise<number | undefined>; end(): Promise<void> }> {
  if (!baseUrl || !database) return { count: () => Promise.resolve(undefined), end: () => Promise.resolve() };
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  return {
    count: async () => (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database.name])).rows[0]?.n,
    end: () => client.end(),
  };
}

async function main(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL || undefined;
  const cores = availableParallelism();
  const loadBefore = loadavg().map((n) => fixed(n, 2));
  const database = baseUrl ? await createFreshDatabase(baseUrl, 'tw_soak_') : undefined;
  const engine = database ? `PostgreSQL (database ${database.name} on ${new URL(database.url).host}, dropped after)` : 'in-memory PGlite (no DATABASE_URL)';
  log(`soak: ${settings.minutes} min on ${engine}; ${cores} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}; load average ${loadBefore.join(' ')}`);
  const out: string[] = [];
  try {
    const { server, ready } = await ServerProcess.start({
      databaseUrl: database?.url,
      poolSize: settings.pool,
      market: 'simulator',
      marketSymbols: MARKET_SYMBOLS,
      tradeSymbols: TRADE_SYMBOLS,
      users: settings.users,
      fundMinor: FUND_MINOR,
    });
    const pid = server.pid;
    if (pid === undefined) throw new Error('the server process has no pid');
    const connections = await connectionCounter(baseUrl, database);
    try {
      log(`soak: server pid ${pid} on port ${ready.port}; ${ready.users.length} users funded`);
      const plan = { port: ready.port, users: ready.users, symbols: ready.symbols, seed: 'soak', maxInFlight: 2000 };

      let maxRate = settings.maxRate;
      let rampLine = `maximum taken as given: SOAK_MAX_RATE ${whole(maxRate ?? NaN)} calls/s`;
      if (maxRate === undefined) {
        log(`soak: measuring the maximum: ${settings.rampWorkers} closed-loop callers, 5 s warm-up, ${settings.rampSeconds} s measured…`);
        const ramp = new MixedLoad({ ...plan, runId: `r${randomBytes(4).toString('hex')}` });
        ramp.closedLoop(settings.rampWorkers);
        await sleep(5_000);
        ramp.take();
        await sleep(settings.rampSeconds * 1000);
        const measured = ramp.take();
        await ramp.stop();
        maxRate = measured.requests / settings.rampSeconds;
        rampLine =
          `maximum: ${whole(maxRate)} calls/s of the mix with ${settings.rampWorkers} closed-loop callers over ${settings.rampSeconds} s ` +
          `(p50 ${fixed(percentile(measured.latency, 0.5), 1)} ms, p99 ${fixed(percentile(measured.latency, 0.99), 1)} ms, errors: ${errorSummary(measured.errors, 3)})`;
        log(`soak: ${rampLine}`);
      }
      const rate = maxRate / 2;

      const load = new MixedLoad({ ...plan, runId: `s${randomBytes(4).toString('hex')}` });
      await load.subscribe(settings.subscribers);
      await server.request({ type: 'stats', collect: false }, 'stats-taken'); // starts the lag histogram
      log(`soak: ${settings.subscribers} websocket subscribers; open loop at ${whole(rate)} calls/s for ${settings.minutes} min…`);
      const begin = performance.now();
      load.openLoop(rate);
      load.take();

      const samples: Array<{ minutes: number; rssMb: number }> = [];
      const heapPoints: Array<{ x: number; y: number }> = [];
      const rows: string[][] = [];
      const header = ['min', 'requests', 'calls/s', 'p50 ms', 'p99 ms', 'errors', 'quotes recv', 'RSS MB', 'live heap MB', 'loop lag p99 ms', 'DB conns', 'machine load 1 min'];
      const errorKinds = new Map<string, number>();
      let collectMaxMs = 0;
      for (let minute = 1; minute <= settings.minutes; minute++) {
        const minuteEnd = begin + minute * 60_000;
        while (performance.now() < minuteEnd - 1) {
          await sleep(Math.min(SAMPLE_MS, minuteEnd - performance.now()));
          const rss = await residentBytes(pid);
          if (rss !== undefined) samples.push({ minutes: (performance.now() - begin) / 60_000, rssMb: rss / MB });
        }
        const interval = load.take();
        const stats = await server.request({ type: 'stats', collect: true }, 'stats-taken');
        const conns = await connections.count();
        const rss = (await residentBytes(pid)) ?? stats.rssBytes;
        heapPoints.push({ x: minute, y: stats.heapUsedBytes / MB });
        collectMaxMs = Math.max(collectMaxMs, stats.collectMs);
        let errors = 0;
        for (const [kind, n] of interval.errors) {
          errors += n;
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + n);
        }
        const row = [
          String(minute),
          whole(interval.requests),
          fixed(interval.requests / 60, 1),
          fixed(percentile(interval.latency, 0.5), 1),
          fixed(percentile(interval.latency, 0.99), 1),
          errors === 0 ? '0' : `${whole(errors)} (${errorSummary(interval.errors, 2)})`,
          whole(interval.quotesReceived) + (interval.socketsDropped > 0 ? ` (${interval.socketsDropped} sockets dropped)` : ''),
          fixed(rss / MB, 1),
          fixed(stats.heapUsedBytes / MB, 1),
          fixed(stats.loopDelayP99Ms, 1),
          conns === undefined ? '-' : String(conns),
          // The machine may be shared (CI, other jobs): its load average says how much.
          fixed(loadavg()[0] ?? NaN, 2),
        ];
        rows.push(row);
        log(header.map((h, i) => `${h} ${row[i]}`).join(' · '));
      }
      await load.stop();

      // Warm-up: the first 20 % of the run, and at least all but the last 8 minutes.
      const warmUp = Math.max(settings.minutes * 0.2, settings.minutes - 8);
      const rssSlope = slope(samples.filter((s) => s.minutes >= warmUp).map((s) => ({ x: s.minutes, y: s.rssMb })));
      const heapSlope = slope(heapPoints.filter((p) => p.x > warmUp));
      const verdictHolds = Number.isFinite(rssSlope) && rssSlope < settings.boundMbPerMin;
      const loadAfter = loadavg().map((n) => fixed(n, 2));
      out.push(
        '',
        `Soak: ${settings.minutes} min of the mixed load at half the measured maximum, open loop; server on ${engine}, DATABASE_POOL_SIZE ${settings.pool}, MARKET_PROVIDER simulator`,
        `machine: ${cores} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1/5/15 min) before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}`,
        `mix: ${MIX.map(([kind, share]) => `${kind} ${Math.round(share * 100)} %`).join(', ')}; ${settings.users} users, ${settings.subscribers} websocket subscribers to ${TRADE_SYMBOLS.length} symbols`,
        rampLine,
        `soak rate: ${whole(rate)} calls/s scheduled; latency counts from each call's scheduled start; a call over 10 s is a timeout`,
        '',
        markdownTable(header, rows),
        '',
        `errors over the soak: ${errorSummary(errorKinds, 8)}`,
        `memory: RSS slope after minute ${fixed(warmUp, 1)} (${samples.filter((s) => s.minutes >= warmUp).length} samples every ${SAMPLE_MS / 1000} s): ${fixed(rssSlope, 2)} MB/min; ` +
          `live-heap slope (heap used after a full collection, once a minute): ${fixed(heapSlope, 2)} MB/min; ` +
          `verdict: ${verdictHolds ? 'BOUNDED' : 'GROWING'} (bound ${settings.boundMbPerMin} MB/min)`,
        `the full collection behind "live heap" ran once a minute in the server and took up to ${fixed(collectMaxMs, 0)} ms (a pause inside the latency figures)`,
      );
    } finally {
      await connections.end();
      log('soak: closing the server…');
      await server.close();
    }
    if (database) {
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 });
      try {
        const audit = await auditLedger(handle.db);
        const book = await bookFigures(database.url);
        const sound =
          audit.unbalancedEntries === 0 &&
          audit.accountsOffTheirPostings === 0 &&
          audit.negativeUserAccounts === 0 &&
          audit.frozenNotMatchingHolds === 0 &&
          Object.values(audit.totalsByCurrency).every((total) => total === 0) &&
          book.marginHeld === book.marginOwed;
        out.push(
          `ledger audit after the soak: ${sound ? 'SOUND' : 'NOT SOUND'}; book: ${whole(book.orders)} orders, ${whole(book.openPositions)} open and ${whole(book.closedPositions)} closed positions`,
        );
        if (!sound) process.exitCode = 1;
      } finally {
        await handle.close();
      }
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/**
 * Order throughput benchmark: concurrent market orders through HTTP against the real server on
 * PostgreSQL, beside pgbench's built-in tpcb-like transaction on the same PostgreSQL server with the
 * same number of clients, one after the other in the same run; prints orders per second, p50/p99
 * latency, errors, the ratio orders/s ÷ pgbench TPS, where the CPU went, and a ledger audit.
 *
 *   npx tsx bench/order-throughput.ts [--clients 16] [--seconds 20] [--users 64]
 *                                     [--database-url postgres://postgres@127.0.0.1:5432/test]
 *
 * Progress goes to stderr, the results to stdout. See docs/performance/order-throughput.md for recorded figures.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../packages/server/src/db/client.js';
import { auditLedger, type LedgerAudit } from '../packages/server/src/modules/ledger/ledger-invariants.js';
import { percentile, type HistogramSnapshot } from './fanout/histogram.js';
import { optionsOrExit, parseArgs, resolved, USAGE, type OrderBenchOptions } from './orders/args.js';
import { ActivitySampler, type ActivitySummary } from './orders/activity.js';
import { cpuBetween, cpuSnapshot, type CpuUse } from './orders/cpu.js';
import { bookFigures, createFreshDatabase, serverFacts, type BookFigures } from './orders/databases.js';
import { fixedRateLoad, type FixedRateResult } from './orders/fixed-rate.js';
import { OrderLoad, type LoadResult } from './orders/load.js';
import * as pgbench from './orders/pgbench.js';
import { summariseProfile } from './orders/profile.js';
import { errorSummary, fixed, markdownTable, pairsSummary, percent, ratio, whole, type BenchPair } from './orders/report.js';
import { ServerProcess } from './orders/server-control.js';
import { describeWriteback, readWriteback } from './orders/writeback.js';

/** Traded: US stocks, all from the STOCK wallet in USD. */
const TRADE_SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'META', 'GOOGL'];
/** The server's MARKET_SYMBOLS: the traded ones and two currency pairs, so start-up stays quick. */
const MARKET_SYMBOLS = [...TRADE_SYMBOLS, 'EURUSD', 'USDTWD'];
/** $10,000,000 per user: far more than any run can spend on 1-share buys. */
const FUND_MINOR = 1_000_000_000;
/** On PGlite there are no backends to sample. */
const NOT_SAMPLED: ActivitySummary = { polls: 0, backends: 0, shares: [], backendCpuMs: 0 };

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** A counter's growth over the window; undefined when the server tree has no such counter. */
const difference = (before: number | undefined, after: number | undefined) => (before === undefined || after === undefined ? undefined : after - before);

interface RunRow {
  name: string;
  clients: number;
  opsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  errors: number;
  cpu: CpuUse;
  /** Operations completed in the window. */
  ops: number;
  /** What the run's database backends were doing over the window. */
  activity: ActivitySummary;
}

interface OrderRun {
  row: RunRow;
  load: LoadResult;
  server: { busy: number; loopDelayP99Ms: number; loopDelayMaxMs: number; startMs: number; setupMs: number };
  /** Batch statements and the orders they wrote over the window, when the server batches. */
  batches: { statements: number; orders: number; splits: number; largest: number } | undefined;
  /** Close batch statements, the closes they applied and those made alone, over the window. */
  closeBatches?: { statements: number; closes: number; alone: number; known?: number; read?: number };
  /** The open-loop run at half the measured rate, when asked for. */
  fixed: FixedRateResult | undefined;
  audit: LedgerAudit;
  /** Read from PostgreSQL after the run; not on PGlite. */
  book: BookFigures | undefined;
  database: string;
}

interface PgbenchRun {
  row: RunRow;
  summary: pgbench.PgbenchSummary;
  scale: number;
  threads: number;
  initMs: number;
  database: string;
}

const rowOf = (
  name: string,
  clients: number,
  latency: HistogramSnapshot,
  windowSeconds: number,
  errors: number,
  cpu: CpuUse,
  activity: ActivitySummary,
): RunRow => ({
  name,
  clients,
  opsPerSecond: latency.count / windowSeconds,
  p50: percentile(latency, 0.5),
  p99: percentile(latency, 0.99),
  mean: latency.count > 0 ? latency.sum / latency.count : NaN,
  errors,
  cpu,
  ops: latency.count,
  activity,
});

async function runOrders(options: OrderBenchOptions, cores: number): Promise<OrderRun> {
  const { pool } = resolved(options, cores);
  // On PGlite the database lives in the server process: nothing to create, sample or read from here.
  const database = options.database === 'pglite' ? undefined : await createFreshDatabase(options.databaseUrl, 'tw_bench_');
  log(`orders: ${database ? `database ${database.name} created` : 'PGlite in the server process'}; starting the server process (pool ${pool}, market ${options.market})…`);
  try {
    const { server, ready } = await ServerProcess.start({
      databaseUrl: database?.url,
      poolSize: pool,
      market: options.market,
      marketSymbols: MARKET_SYMBOLS,
      tradeSymbols: TRADE_SYMBOLS,
      users: options.users,
      fundMinor: FUND_MINOR,
    });
    let result: Omit<OrderRun, 'audit' | 'book' | 'database'>;
    let pgliteAudit: LedgerAudit | undefined;
    try {
      log(`orders: server on port ${ready.port} in ${seconds(ready.startMs)}; ${ready.users.length} users registered, approved and funded in ${seconds(ready.setupMs)}`);
      const load = new OrderLoad({
        port: ready.port,
        users: ready.users,
        symbols: ready.symbols,
        clients: options.clients,
        closeEvery: options.closeEvery,
        seed: options.seed,
        runId: `b${randomBytes(4).toString('hex')}`,
      });
      log(`orders: ${options.clients} clients, warming up ${options.warmup} s, then measuring ${options.seconds} s…`);
      await sleep(options.warmup * 1000);
      const sampler = database ? await ActivitySampler.connect(options.databaseUrl, database.name) : undefined;
      const before = await server.request({ type: 'window-start', profile: options.profile !== undefined }, 'window-started');
      const cpuBefore = cpuSnapshot(server.pid);
      const startAt = performance.now();
      const endAt = startAt + options.seconds * 1000;
      load.measure(startAt, endAt);
      sampler?.start();
      await sleep(endAt - performance.now());
      const cpuAfter = cpuSnapshot(server.pid);
      const activity = sampler ? await sampler.stop() : NOT_SAMPLED;
      const after = await server.request({ type: 'window-end', profileFile: options.profile }, 'window-ended');
      const outcome = await load.stop();
      const active = after.elu.active - before.elu.active;
      const idle = after.elu.idle - before.elu.idle;
      const row = rowOf('orders (HTTP)', options.clients, outcome.all, options.seconds, outcome.windowErrors, cpuBetween(cpuBefore, cpuAfter, cores), activity);
      log(`orders: ${whole(row.ops)} orders in the window, ${whole(row.opsPerSecond)}/s`);
      let fixed: FixedRateResult | undefined;
      if (options.fixedRate > 0 && row.opsPerSecond > 0) {
        const rate = row.opsPerSecond / 2;
        log(`orders: ${options.fixedRate} s at a fixed rate of ${whole(rate)} buys/s (half the measured maximum)…`);
        fixed = await fixedRateLoad({ port: ready.port, users: ready.users, symbols: ready.symbols, seed: options.seed, runId: `f${randomBytes(4).toString('hex')}` }, rate, options.fixedRate);
      }
      log('orders: closing the server…');
      const b0 = before.orderBatches;
      const b1 = after.orderBatches;
      const batches = b0 && b1 ? { statements: b1.batches - b0.batches, orders: b1.orders - b0.orders, splits: b1.splits - b0.splits, largest: b1.largest } : undefined;
      const c0 = before.closeBatches;
      const c1 = after.closeBatches;
      const closeBatches = c0 && c1 ? { statements: c1.batches - c0.batches, closes: c1.closes - c0.closes, alone: c1.alone - c0.alone, known: difference(c0.known, c1.known), read: difference(c0.read, c1.read) } : undefined;
      result = {
        row,
        load: outcome,
        batches,
        closeBatches,
        fixed,
        server: {
          busy: active + idle > 0 ? active / (active + idle) : NaN,
          loopDelayP99Ms: after.loopDelayP99Ms,
          loopDelayMaxMs: after.loopDelayMaxMs,
          startMs: ready.startMs,
          setupMs: ready.setupMs,
        },
      };
      if (!database) pgliteAudit = (await server.request({ type: 'audit' }, 'audited')).audit;
    } finally {
      await server.close();
    }
    if (!database) return { ...result, audit: pgliteAudit!, book: undefined, database: 'PGlite (in memory)' };
    // The server is gone: nothing is in flight, the book is final.
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', poolSize: 2 });
    let audit: LedgerAudit;
    try {
      audit = await auditLedger(handle.db);
    } finally {
      await handle.close();
    }
    const book = await bookFigures(database.url);
    return { ...result, audit, book, database: database.name };
  } finally {
    await database?.drop();
  }
}

async function runPgbench(options: OrderBenchOptions, cores: number): Promise<PgbenchRun> {
  const { scale, threads } = resolved(options, cores);
  const database = await createFreshDatabase(options.databaseUrl, 'tw_pgbench_');
  try {
    log(`pgbench: database ${database.name} created; pgbench -i -s ${scale}…`);
    const initStarted = performance.now();
    await pgbench.initialise(options.pgbench, options.databaseUrl, database.name, scale);
    const initMs = performance.now() - initStarted;
    const run = { clients: options.clients, threads, seconds: options.seconds };
    if (options.warmup > 0) {
      log(`pgbench: initialised in ${seconds(initMs)}; warming up ${options.warmup} s (-c ${run.clients} -j ${threads})…`);
      await pgbench.warmUp(options.pgbench, options.databaseUrl, database.name, { ...run, seconds: options.warmup });
    }
    log(`pgbench: measuring ${options.seconds} s: pgbench -b tpcb-like -n -c ${run.clients} -j ${threads} -T ${options.seconds}…`);
    const sampler = await ActivitySampler.connect(options.databaseUrl, database.name);
    const cpuBefore = cpuSnapshot();
    sampler.start();
    const measured = await pgbench.measure(options.pgbench, options.databaseUrl, database.name, run);
    const cpuAfter = cpuSnapshot();
    const activity = await sampler.stop();
    const cpu = cpuBetween(cpuBefore, cpuAfter, cores);
    // pgbench is a child of this process: its CPU is in "children" once it has exited; none of it is the bench's.
    const row: RunRow = {
      ...rowOf('pgbench tpcb-like', options.clients, measured.latency, options.seconds, measured.summary.failed, { ...cpu, clients: cpu.children, children: 0 }, activity),
      opsPerSecond: measured.summary.tps,
      mean: measured.summary.latencyAverageMs,
    };
    log(`pgbench: tps ${fixed(measured.summary.tps, 1)}, ${whole(measured.summary.transactions)} transactions, ${measured.summary.failed} failed`);
    return { row, summary: measured.summary, scale, threads, initMs, database: database.name };
  } finally {
    await database.drop();
  }
}

function resultsTable(rows: readonly RunRow[]): string {
  return markdownTable(
    ['run', 'clients', 'ops/s', 'p50 ms', 'p99 ms', 'errors'],
    rows.map((r) => [r.name, whole(r.clients), whole(r.opsPerSecond), fixed(r.p50, 2), fixed(r.p99, 2), whole(r.errors)]),
  );
}

/** Milliseconds of CPU per operation of a party that used `coresUsed` cores' worth over the row's window. */
const msPerOp = (coresUsed: number, r: RunRow) => (coresUsed * 1000) / (r.ops / r.cpu.seconds);

function cpuTable(rows: readonly RunRow[], cores: number): string {
  const perOp = (coresUsed: number, r: RunRow) => fixed(msPerOp(coresUsed, r), 2);
  const backends = (r: RunRow) => r.activity.backendCpuMs / 1000 / r.cpu.seconds;
  return markdownTable(
    ['run', 'machine busy', 'server cores', 'client cores', 'postgres cores', 'of which its backends', 'other cores', 'server ms/op', 'client ms/op', 'backends ms/op', 'postgres ms/op'],
    rows.map((r) => [
      r.name,
      `${percent(r.cpu.machineBusy)} of ${cores}`,
      fixed(r.cpu.server, 2),
      fixed(r.cpu.clients, 2),
      fixed(r.cpu.postgres, 2),
      fixed(backends(r), 2),
      fixed(r.cpu.other, 2),
      r.cpu.server > 0 ? perOp(r.cpu.server, r) : '-',
      perOp(r.cpu.clients, r),
      perOp(backends(r), r),
      perOp(r.cpu.postgres, r),
    ]),
  );
}

function auditLines(orders: OrderRun): string[] {
  const { audit, book } = orders;
  const totalsZero = Object.values(audit.totalsByCurrency).every((total) => total === 0);
  const sound =
    audit.unbalancedEntries === 0 &&
    audit.accountsOffTheirPostings === 0 &&
    audit.negativeUserAccounts === 0 &&
    audit.frozenNotMatchingHolds === 0 &&
    totalsZero &&
    (!book || book.marginHeld === book.marginOwed);
  if (!sound) process.exitCode = 1;
  const totals = Object.entries(audit.totalsByCurrency)
    .map(([currency, total]) => `${currency} ${total}`)
    .join(', ');
  const margin = book ? `; margin accounts ${whole(book.marginHeld)} ¢ = open positions' margin ${whole(book.marginOwed)} ¢: ${book.marginHeld === book.marginOwed ? 'yes' : 'NO'}` : '';
  return [
    `ledger audit after the run: ${sound ? 'SOUND' : 'NOT SOUND'} — unbalanced entries ${audit.unbalancedEntries}, accounts off their postings ${audit.accountsOffTheirPostings}, ` +
      `negative user accounts ${audit.negativeUserAccounts}, frozen not matching holds ${audit.frozenNotMatchingHolds}, postings total by currency: ${totals || 'none'}${margin}`,
    book
      ? `book: ${whole(book.orders)} orders, ${whole(book.openPositions)} open and ${whole(book.closedPositions)} closed positions (warm-up and window)`
      : 'book: not read (PGlite lives in the server process; the audit above ran there before it closed)',
  ];
}

function fixedRateLine(f: FixedRateResult): string {
  const seconds = f.sent / f.targetPerSecond;
  return (
    `fixed rate (open loop, half the measured maximum): ${fixed(f.targetPerSecond, 1)} buys/s for ${fixed(seconds, 0)} s, ${whole(f.succeeded)} of ${whole(f.sent)} succeeded; ` +
    `from the scheduled start: p50 ${fixed(percentile(f.latency, 0.5), 2)} ms, p99 ${fixed(percentile(f.latency, 0.99), 2)} ms, max ${fixed(f.latency.max, 1)} ms; failed: ${errorSummary(f.errors)}; ` +
    `slowest 100 ms slots: ${slowestSlots(f.worstBySlot)}; the client's own event-loop delay max ${fixed(f.clientLoopDelayMaxMs, 1)} ms`
  );
}

/** The three 100 ms slots of the schedule with the slowest answers, as "at 4.2 s: 231 ms". */
function slowestSlots(worstBySlot: Float64Array): string {
  return [...worstBySlot.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([slot, ms]) => `at ${fixed(slot / 10, 1)} s: ${fixed(ms, 0)} ms`)
    .join(', ');
}

async function main(): Promise<void> {
  const options = optionsOrExit('order-throughput', USAGE, parseArgs);
  if (!options) return;

  const cores = availableParallelism();
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const facts =
    options.database === 'pglite'
      ? { version: 'PGlite (in memory, in the server process)', settings: {} }
      : await serverFacts(options.databaseUrl).catch((error: unknown) => {
          throw new Error(`cannot reach PostgreSQL at ${options.databaseUrl}: ${error instanceof Error ? error.message : String(error)}`);
        });
  log(`order throughput: ${options.clients} clients, ${options.seconds} s measured after ${options.warmup} s warm-up; ${cores} × ${cpu}, Node ${process.version}`);
  log(`postgres: ${facts.version.split(',')[0] ?? facts.version}; load average ${loadavg().map((n) => fixed(n, 2)).join(' ')}`);

  const pairs: BenchPair[] = [];
  for (let pair = 1; pair <= options.pairs; pair++) {
    if (options.pairs > 1) log(`pair ${pair} of ${options.pairs}…`);
    const loadBefore = loadavg();
    const orders = options.only === 'pgbench' ? undefined : await runOrders(options, cores);
    const bench = options.only === 'orders' ? undefined : await runPgbench(options, cores);
    const loadAfter = loadavg();
    const out = await report(options, { cores, cpu, facts, loadBefore, loadAfter }, orders, bench);
    if (options.pairs > 1) out.unshift('', `## Pair ${pair} of ${options.pairs}`);
    process.stdout.write(out.join('\n'));
    if (orders && bench) {
      pairs.push({
        load: loadBefore[0]!,
        ordersPerSecond: orders.row.opsPerSecond,
        tps: bench.row.opsPerSecond,
        fixedP99: orders.fixed && percentile(orders.fixed.latency, 0.99),
        serverMsPerOrder: msPerOp(orders.row.cpu.server, orders.row),
      });
    }
  }
  if (options.pairs > 1) process.stdout.write(['', `## ${options.pairs} pairs, in the order they ran`, '', ...pairsSummary(pairs), ''].join('\n'));
}

interface MachineFacts {
  cores: number;
  cpu: string;
  facts: { version: string; settings: Record<string, string> };
  /** Load averages (1/5/15 min) before and after the pair. */
  loadBefore: number[];
  loadAfter: number[];
}

/** The report of one order run and one pgbench run (either may be absent). */
async function report(options: OrderBenchOptions, machine: MachineFacts, orders: OrderRun | undefined, bench: PgbenchRun | undefined): Promise<string[]> {
  const { cores, cpu, facts, loadBefore, loadAfter } = machine;
  const rows = [orders?.row, bench?.row].filter((r): r is RunRow => r !== undefined);
  const { pool, scale, threads } = resolved(options, cores);

  const out = [
    '',
    `Order throughput: ${options.clients} clients, ${options.seconds} s measured after ${options.warmup} s warm-up, each run alone, one after the other`,
    `machine: ${cores} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1/5/15 min) before ${loadBefore.map((n) => fixed(n, 2)).join(' ')}, after ${loadAfter.map((n) => fixed(n, 2)).join(' ')}`,
    `${options.database === 'pglite' ? 'database' : 'postgres'}: ${facts.version.split(',')[0] ?? facts.version}${options.database === 'pglite' ? '' : ` at ${new URL(options.databaseUrl).host}`}; ` +
      Object.entries(facts.settings)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    describeWriteback(readWriteback()),
  ];
  if (orders) {
    out.push(
      `orders: market buys of 1 share (${TRADE_SYMBOLS.join(', ')}) for ${options.users} users round-robin, ` +
        `${options.closeEvery > 0 ? `every ${options.closeEvery}th request of a client closes the oldest open position` : 'no closes'}; ` +
        `server in its own process, DATABASE_POOL_SIZE ${pool}, MARKET_PROVIDER ${options.market}`,
    );
  }
  if (bench) out.push(`pgbench: -i -s ${scale} (initialised in ${seconds(bench.initMs)}), then -b tpcb-like -n -c ${options.clients} -j ${threads} -T ${options.seconds}`);
  out.push('', resultsTable(rows), '');
  if (orders && bench) {
    out.push(`ratio orders/s ÷ pgbench TPS: ${fixed(ratio(orders.row.opsPerSecond, bench.row.opsPerSecond), 2)}`, '');
  }
  out.push(
    'CPU over each window, in cores\' worth (1 = one core all the time). "postgres" is every PostgreSQL process on the machine (other',
    'databases, WAL writer, checkpointer, autovacuum included), "its backends" only the connections to the run\'s database; "other"',
    'is the rest of the machine: other jobs, the kernel.',
    '',
    cpuTable(rows, cores),
    '',
  );
  for (const r of rows) {
    const shown = r.activity.shares.filter((a) => a.share >= 0.005);
    const rest = r.activity.shares.length - shown.length;
    const shares = [...shown.map((a) => `${a.activity} ${percent(a.share)}`), ...(rest > 0 ? [`${rest} other state(s) under 0.5 %`] : [])].join(', ');
    out.push(`${r.name}: database backends (pg_stat_activity every 50 ms, ${r.activity.polls} polls, ${fixed(r.activity.backends, 1)} backends on average): ${shares || 'none seen'}`);
  }
  out.push('');
  if (orders) {
    const { load, server } = orders;
    out.push(
      `orders: ${whole(load.opens.count)} buys p50 ${fixed(percentile(load.opens, 0.5), 2)} / p99 ${fixed(percentile(load.opens, 0.99), 2)} ms, ` +
        `${whole(load.closes.count)} closes p50 ${fixed(percentile(load.closes, 0.5), 2)} / p99 ${fixed(percentile(load.closes, 0.99), 2)} ms; ` +
        `mean ${fixed(orders.row.mean, 2)} ms, max ${fixed(load.all.max, 1)} ms`,
      `orders: server event loop busy ${percent(server.busy)}, event-loop delay p99 ${fixed(server.loopDelayP99Ms, 1)} ms, max ${fixed(server.loopDelayMaxMs, 1)} ms; ` +
        `server start ${seconds(server.startMs)}, user setup ${seconds(server.setupMs)}`,
      `orders: failed requests (whole run, warm-up included): ${errorSummary(load.errors)}`,
      ...(orders.batches
        ? [
            `orders: ${whole(orders.batches.statements)} batch statements wrote ${whole(orders.batches.orders)} new orders in the window, ` +
              `${fixed(orders.batches.orders / Math.max(1, orders.batches.statements), 1)} per statement (largest so far ${orders.batches.largest}), ${orders.batches.splits} split after an error`,
          ]
        : []),
      ...(orders.closeBatches
        ? [
            `orders: ${whole(orders.closeBatches.statements)} close batch statements applied ${whole(orders.closeBatches.closes)} closes in the window, ` +
              `${fixed(orders.closeBatches.closes / Math.max(1, orders.closeBatches.statements), 1)} per statement; ${whole(orders.closeBatches.alone)} made alone (position changed, or statement refused)` +
              (orders.closeBatches.known === undefined ? '' : `; positions as this process wrote them ${whole(orders.closeBatches.known)}, read ${whole(orders.closeBatches.read ?? 0)}`),
          ]
        : []),
      ...(orders.fixed ? [fixedRateLine(orders.fixed)] : []),
      ...auditLines(orders),
    );
  }
  if (bench) {
    out.push(
      `pgbench: tps ${fixed(bench.summary.tps, 1)} (without initial connection time), latency average ${fixed(bench.summary.latencyAverageMs, 3)} ms, ` +
        `${whole(bench.summary.transactions)} transactions, ${bench.summary.failed} failed; p50/p99 from its per-transaction log`,
    );
  }
  if (options.profile) {
    const profile = await readFile(options.profile, 'utf8');
    out.push('', `CPU profile of the server process over the window: ${options.profile}`, '', summariseProfile(JSON.parse(profile) as never));
  }
  out.push('');
  return out;
}

main().catch((error: unknown) => {
  process.stderr.write(`order-throughput failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

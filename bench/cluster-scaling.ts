/**
 * One process against two (issue 9): the real server (`main.ts`) as 1 and then 2 processes on a
 * fresh PostgreSQL database each time, sharing the machine's Redis as a cluster does, measured in
 * the same run on the same machine:
 *   - order throughput: market buys through HTTP, the same number of clients split over the processes;
 *   - quote fan-out: websocket subscribers split over the processes, each subscribed to every
 *     symbol, while the leader replays a fast CSV of ticks; quotes delivered per second and the
 *     delay from the tick's emission on the leader to its arrival at a subscriber.
 * Prints both, and the 2 ÷ 1 ratios. docs/performance/cluster-scaling.md has recorded runs.
 *
 *   npx tsx bench/cluster-scaling.ts [--clients 16] [--seconds 15] [--subscribers 200] [--tick-ms 5]
 *        [--database-url postgres://postgres@127.0.0.1:5432/test] [--redis-url redis://127.0.0.1:6379]
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { adminLogin, call, createUsers } from '../packages/server/test/crash/crash-load.js';
import { CrashServer, createFreshDatabase, SYMBOLS } from '../packages/server/test/crash/crash-server.js';
import { LatencyHistogram, percentile, type HistogramSnapshot } from './fanout/histogram.js';
import { OrderLoad } from './orders/load.js';
import { parseClusterArgs, type ClusterBenchOptions } from './cluster/args.js';

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WARM_UP_MS = 3000;

interface Figures {
  processes: number;
  ordersPerSecond: number;
  orderP50: number;
  orderP99: number;
  orderErrors: number;
  quotesPerSecond: number;
  quoteP50: number;
  quoteP99: number;
}

/** Every symbol ticking round-robin every `tickMs`, in a loop: a tick rate far above a real feed's. */
function fastTicksCsv(file: string, tickMs: number): string {
  const rows = ['ts,source,code,price,volume'];
  for (let i = 0; i < 3000; i += 1) {
    const code = SYMBOLS[i % SYMBOLS.length]!;
    rows.push(`${1_700_000_000_000 + i * tickMs},0,${code},${(200 + Math.sin(i / 50) * 5).toFixed(2)},1`);
  }
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

async function startCluster(options: ClusterBenchOptions, processes: number, runId: string) {
  const database = await createFreshDatabase(options.databaseUrl);
  const env = {
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: `bench-${runId}-${processes}`,
    MARKET_PROVIDER: 'csv',
    MARKET_CSV_FILE: fastTicksCsv(join(tmpdir(), `tradewind-cluster-bench-${runId}.csv`), options.tickMs),
    DATABASE_POOL_SIZE: '10',
    WS_MAX_BUFFERED_BYTES: String(8 * 1024 * 1024),
  };
  const servers: CrashServer[] = [];
  for (let i = 0; i < processes; i += 1) {
    const server = await CrashServer.create(database.url, join(tmpdir(), `tradewind-cluster-bench-${runId}-${processes}-${i}.log`), env);
    await server.start();
    servers.push(server);
  }
  return {
    database,
    servers,
    async stop() {
      for (const server of servers) await server.stop();
      await database.drop();
    },
  };
}

async function measureOrders(options: ClusterBenchOptions, servers: CrashServer[], runId: string) {
  const admin = await adminLogin(servers[0]!.baseUrl);
  const users = await createUsers(servers[0]!.baseUrl, admin, options.users, `${runId}-${servers.length}`);
  for (const user of users) {
    const answer = await call(servers[0]!.baseUrl, `/admin/users/${user.id}/credit`, { token: admin, body: { walletType: 'STOCK', amount: '5000000', reason: 'cluster bench funds' } });
    if (answer.outcome !== 'ok') throw new Error(`funding user ${user.id}: ${answer.status} ${answer.message}`);
  }
  const loads = servers.map(
    (server, i) =>
      new OrderLoad({
        port: Number(new URL(server.baseUrl).port),
        users: users.map((u) => ({ id: u.id, token: u.token })),
        symbols: SYMBOLS.map((code) => ({ code, source: 0 })),
        clients: Math.round(options.clients / servers.length),
        closeEvery: 0,
        seed: `cluster-${i}`,
        runId: `${runId}-${servers.length}-${i}`,
      }),
  );
  await sleep(WARM_UP_MS);
  const start = performance.now();
  for (const load of loads) load.measure(start, start + options.seconds * 1000);
  await sleep(options.seconds * 1000);
  const results = await Promise.all(loads.map((load) => load.stop()));
  const all = LatencyHistogram.merge(results.map((r) => r.all));
  return { ordersPerSecond: all.count / options.seconds, p50: percentile(all, 0.5), p99: percentile(all, 0.99), errors: results.reduce((n, r) => n + r.windowErrors, 0), errorKinds: results.flatMap((r) => [...r.errors.keys()]) };
}

async function measureFanOut(options: ClusterBenchOptions, servers: CrashServer[]) {
  const histogram = new LatencyHistogram();
  let counting = false;
  let delivered = 0;
  const sockets = await Promise.all(
    Array.from({ length: options.subscribers }, async (_, i) => {
      const server = servers[i % servers.length]!;
      const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      socket.on('message', (data: Buffer) => {
        if (!counting) return;
        const text = data.toString();
        if (!text.startsWith('{"type":"quote"')) return;
        delivered += 1;
        const ts = (JSON.parse(text) as { tick: { ts: number } }).tick.ts;
        histogram.record(Math.max(0, Date.now() - ts));
      });
      socket.send(JSON.stringify({ type: 'subscribe', symbols: SYMBOLS.map((code) => ({ source: 0, code })) }));
      return socket;
    }),
  );
  await sleep(WARM_UP_MS);
  counting = true;
  await sleep(options.seconds * 1000);
  counting = false;
  for (const socket of sockets) socket.terminate();
  const snapshot: HistogramSnapshot = histogram.snapshot();
  return { quotesPerSecond: delivered / options.seconds, p50: percentile(snapshot, 0.5), p99: percentile(snapshot, 0.99) };
}

async function run(options: ClusterBenchOptions, processes: number, runId: string): Promise<Figures> {
  log(`— ${processes} process${processes > 1 ? 'es' : ''}: starting on a fresh database`);
  const cluster = await startCluster(options, processes, runId);
  try {
    log(`  orders: ${options.clients} clients for ${options.seconds} s`);
    const orders = await measureOrders(options, cluster.servers, runId);
    if (orders.errors > 0) log(`  order errors: ${orders.errors} (${[...new Set(orders.errorKinds)].join('; ')})`);
    log(`  fan-out: ${options.subscribers} subscribers for ${options.seconds} s`);
    const fanOut = await measureFanOut(options, cluster.servers);
    return {
      processes,
      ordersPerSecond: orders.ordersPerSecond,
      orderP50: orders.p50,
      orderP99: orders.p99,
      orderErrors: orders.errors,
      quotesPerSecond: fanOut.quotesPerSecond,
      quoteP50: fanOut.p50,
      quoteP99: fanOut.p99,
    };
  } finally {
    await cluster.stop();
  }
}

async function main() {
  const options = parseClusterArgs(process.argv.slice(2));
  const runId = randomBytes(3).toString('hex');
  log(`cluster bench: ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const one = await run(options, 1, runId);
  const two = await run(options, 2, runId);
  const row = (f: Figures) =>
    `| ${f.processes} | ${f.ordersPerSecond.toFixed(0)} | ${f.orderP50.toFixed(1)} | ${f.orderP99.toFixed(1)} | ${f.orderErrors} | ${f.quotesPerSecond.toFixed(0)} | ${f.quoteP50.toFixed(1)} | ${f.quoteP99.toFixed(1)} |`;
  process.stdout.write(
    [
      `cluster bench: ${options.clients} order clients, ${options.subscribers} subscribers × ${SYMBOLS.length} symbols, a tick every ${options.tickMs} ms, ${options.seconds} s windows, ${availableParallelism()} cores, load after ${loadavg()[0]?.toFixed(2)}`,
      '',
      '| processes | orders/s | order p50 ms | order p99 ms | errors | quotes delivered/s | quote delay p50 ms | quote delay p99 ms |',
      '|---|---|---|---|---|---|---|---|',
      row(one),
      row(two),
      '',
      `ratio 2 ÷ 1: orders/s ${(two.ordersPerSecond / one.ordersPerSecond).toFixed(2)}, quotes delivered/s ${(two.quotesPerSecond / one.quotesPerSecond).toFixed(2)}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

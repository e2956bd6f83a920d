/**
 * Issue 22's read path: requests per second of three public read routes (quote detail, a quote list,
 * a chart) on the Tradewind server against a bare `node:http` server answering the very same bytes
 * (body and content type fetched from the server first), loaded by the same client (autocannon, keep-alive
 * connections), alternating server and bare in one run. Prints every run, the ratio per route (goal ≥ 0.8)
 * and the load average, because the machine it runs on may be shared.
 *
 *   npm run build:server && npm run bench:reads -w @tradewind/bench [-- --duration 10 --rounds 2]
 *
 * The server is the compiled one production runs (`node packages/server/dist/main.js`; `--sources` runs the
 * TypeScript under tsx), on PGlite in a temporary DATA_DIR (a first start stores the history anchors, then the
 * measured warm start regenerates history from them), with the market simulator ticking (the caches are
 * invalidated by ticks as in production) and LOG_LEVEL warn (request lines off; `--log-level info` measures them on).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { processCpuMs } from './orders/cpu.js';
import { parseArgs, USAGE, UsageError, type ReadBenchOptions } from './reads/args.js';
import { formatTable, refusal, summarise, type Run, type Target } from './reads/report.js';

const ROUTES = [
  { name: 'quote detail', path: '/m_ft/stock_detail_ft?stockCode=AAPL' },
  { name: 'list (hot stocks)', path: '/m_ft/hot_stock' },
  { name: 'kline AAPL 1D', path: '/m_ft/kline?stockCode=AAPL&type=1D' },
];

/** Long enough for every instrument to tick (the slowest simulated ones tick every ~3 s on average). */
const FIRST_START_TICKS_MS = 12_000;

const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let options: ReadBenchOptions;
try {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    process.exit(0);
  }
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}

const MAIN = options.main ? path.resolve(options.main) : path.resolve(import.meta.dirname, options.sources ? '../packages/server/src/main.ts' : '../packages/server/dist/main.js');
if (!existsSync(MAIN)) {
  console.error(`${MAIN} is missing: run \`npm run build:server\` first (or pass --sources)`);
  process.exit(2);
}

/**
 * Starts the server on `dataDir`. A first start migrates the database and stores each instrument's history
 * anchor (before it is ready), lets the simulator tick every instrument, and is then stopped: its graceful stop
 * flushes the open bar buckets, as a process that has been running does. The measured start is then a warm one
 * like a production restart, whose first flush sends only the bars ticked since. (Stopped at ready, the first
 * start stored no bars, and the measured start's first flush wrote ~3,400 buckets whole: 2–2.5 s of PGlite on
 * the event loop inside the first route's runs.)
 */
async function startServer(dataDir: string, firstStart: boolean): Promise<{ child: ChildProcess; output: string[] }> {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: firstStart ? 'info' : options.logLevel,
    NODE_ENV: 'production',
    MAIL_LOG_ONLY: 'true',
    MARKET_PROVIDER: 'simulator',
    MARKET_ALWAYS_OPEN: 'true',
    WEB_DIST: '/nonexistent-web-dist',
  };
  const child = spawn(process.execPath, options.sources ? ['--import', 'tsx', MAIN] : [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 50) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const began = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output.join('')}`);
    if (performance.now() - began > 240_000) throw new Error(`server not ready after 240 s:\n${output.join('')}`);
    const ready = await fetch(`http://127.0.0.1:${options.port}/ready`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    if (ready?.status === 200) break;
    await sleep(200);
  }
  const readyS = (performance.now() - began) / 1000;
  if (firstStart) {
    await sleep(FIRST_START_TICKS_MS);
    const stopping = performance.now();
    await stop(child);
    console.log(
      `first start (database migrated, history anchors stored, ${FIRST_START_TICKS_MS / 1000} s of ticks, open buckets flushed at its stop) took ` +
        `${((performance.now() - began) / 1000).toFixed(1)} s, its stop ${((performance.now() - stopping) / 1000).toFixed(1)} s; load average ${load()}`,
    );
    return { child, output };
  }
  console.log(`server ready after ${readyS.toFixed(1)} s; settling ${options.settle} s; load average ${load()}`);
  await sleep(options.settle * 1000);
  return { child, output };
}

const startBare = (): ChildProcess => fork(path.join(import.meta.dirname, 'reads/bare-server.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });

/** Hands the bare server the bytes to answer; resolves once it listens with them. */
function answerWith(bare: ChildProcess, body: Buffer, contentType: string): Promise<void> {
  return new Promise((resolve) => {
    bare.once('message', () => resolve());
    bare.send({ body: body.toString('base64'), contentType, port: options.port + 1 });
  });
}

async function hammer(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: options.connections, duration: seconds, pipelining: 1 });
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tradewind-reads-'));
console.log(
  `read throughput: ${options.sources ? 'server sources under tsx' : `compiled server (node ${path.relative(process.cwd(), MAIN)})`}, PGlite in ${dataDir}, simulator on, ` +
    `LOG_LEVEL ${options.logLevel}; autocannon ${options.connections} connections, ${options.duration} s runs × ${options.rounds} rounds; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${load()}`,
);
let server: { child: ChildProcess } | undefined;
let bare: ChildProcess | undefined;
try {
  await startServer(dataDir, true);
  server = await startServer(dataDir, false);
  bare = startBare();
  const runs: Run[] = [];
  const problems: string[] = [];
  for (const route of ROUTES) {
    const serverUrl = `http://127.0.0.1:${options.port}${route.path}`;
    const answer = await fetch(serverUrl);
    const body = Buffer.from(await answer.arrayBuffer());
    const contentType = answer.headers.get('content-type') ?? '';
    if (answer.status !== 200) throw new Error(`${route.path} answered ${answer.status}: ${body.toString()}`);
    await answerWith(bare, body, contentType);
    const bareUrl = `http://127.0.0.1:${options.port + 1}${route.path}`;
    console.log(`\n${route.name}: GET ${route.path} (${body.length} bytes, ${contentType})`);
    if (options.warmup > 0) {
      await hammer(serverUrl, options.warmup);
      await hammer(bareUrl, options.warmup);
    }
    for (let round = 1; round <= options.rounds; round++) {
      for (const [target, url, answering] of [['server', serverUrl, server.child], ['bare', bareUrl, bare]] as [Target, string, ChildProcess][]) {
        const cpuBefore = processCpuMs(answering.pid ?? 0);
        const result = await hammer(url, options.duration);
        const cpuMicrosPerRequest = ((processCpuMs(answering.pid ?? 0) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
        const problem = refusal(result, `${route.name} on ${target}, round ${round}`);
        if (problem) problems.push(problem);
        const run: Run = { route: route.name, target, requestsPerSecond: result.requests.average, cpuMicrosPerRequest, load1: os.loadavg()[0] ?? NaN };
        runs.push(run);
        console.log(
          `  round ${round} ${target.padEnd(6)} ${Math.round(run.requestsPerSecond).toLocaleString('en-US').padStart(7)} req/s, p99 ${result.latency.p99} ms, ` +
            `CPU ${cpuMicrosPerRequest.toFixed(1)} µs/request, load average ${load()}`,
        );
      }
    }
  }
  const summaries = summarise(runs);
  console.log(`\n${formatTable(summaries)}\n`);
  for (const s of summaries) {
    console.log(`${s.route}: server ÷ bare = ${s.ratio.toFixed(2)} (goal ≥ 0.8: ${s.ratio >= 0.8 ? 'met' : 'NOT met'}); CPU per request bare ÷ server = ${s.cpuRatio.toFixed(2)}`);
  }
  console.log(`load average at the end: ${load()} (the machine may be shared: compare ratios within one run)`);
  for (const problem of problems) console.log(`WARNING ${problem}`);
} finally {
  await stop(bare);
  await stop(server?.child);
  await rm(dataDir, { recursive: true, force: true });
}

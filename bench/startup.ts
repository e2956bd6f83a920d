/**
 * Issue 24's start-up figures: a first start on a fresh PGlite DATA_DIR (migrations, admin, a year of
 * generated market history for the whole instrument master), timed from spawn to the port answering
 * `/health` and to `/ready` = 200 (generated history is not stored: it is made again at each start); then the
 * idle RSS of the server process read from /proc after it settles, with the heap and external memory the
 * process reports on /metrics, and a second (warm) start on the same directory.
 * Every figure is printed with the load average, because the machine it runs on may be shared.
 *
 *   npm run bench:startup -w @tradewind/bench [-- --settle 30] [-- --bare | --tsx]
 *
 * By default (or `--compiled`) the server runs as `npm start` runs it: `node packages/server/dist/main.js`
 * (after `npm run build:server`) with the environment variables and node flags that the root package.json's
 * `start` script puts before it, read from that script so the bench measures what the product starts.
 * `--bare` runs the same compiled file without them (plain `node dist/main.js`), `--tsx` the TypeScript
 * sources under tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const SETTLE_SECONDS = arg('settle', 30);
const TIMEOUT_MS = 180_000;
const TSX = process.argv.includes('--tsx');
const BARE = process.argv.includes('--bare');
if (TSX && BARE) throw new Error('--tsx and --bare exclude each other');
const MAIN = path.resolve(import.meta.dirname, TSX ? '../packages/server/src/main.ts' : '../packages/server/dist/main.js');

/**
 * The environment and node flags of `npm start`: its script ends in
 * `[NAME=value ...] exec node [--flag ...] packages/server/dist/main.js`.
 */
function npmStartLaunch(script: string): { env: Record<string, string>; flags: string[] } {
  const match = /(?:^|&&\s*)((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)exec node((?:\s+--\S+)*)\s+packages\/server\/dist\/main\.js\s*$/.exec(script);
  if (!match) throw new Error(`the root package.json's start script does not end in "[NAME=value ...] exec node [--flags] packages/server/dist/main.js": ${script}`);
  const env = Object.fromEntries(match[1]!.trim().split(/\s+/).filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  return { env, flags: match[2]!.trim().split(/\s+/).filter(Boolean) };
}

const rootManifest = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
const LAUNCH = TSX ? { env: {}, flags: ['--import', 'tsx'] } : BARE ? { env: {}, flags: [] } : npmStartLaunch(rootManifest.scripts.start);
const MODE = TSX ? 'server sources under tsx' : BARE ? 'compiled server, bare (node dist/main.js)' : `compiled server as npm start runs it (${[...Object.entries(LAUNCH.env).map(([k, v]) => `${k}=${v}`), 'node', ...LAUNCH.flags, 'dist/main.js'].join(' ')})`;

const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** V8 heap used / total and external memory (PGlite's WebAssembly heap, typed arrays), from /metrics. */
async function memoryGauges(port: number): Promise<string> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const mb = (name: string) => {
    const value = new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1];
    return value === undefined ? '?' : (Number(value) / 2 ** 20).toFixed(0);
  };
  return `heap ${mb('nodejs_heap_size_used_bytes')}/${mb('nodejs_heap_size_total_bytes')} MB used/total, external ${mb('nodejs_external_memory_bytes')} MB`;
}

interface Run {
  portOpenS: number | null;
  readyS: number;
  rssMb: number;
  /** From the server's /metrics (prom-client's default gauges), read with the RSS. */
  inProcess: string;
  lines: string[];
}

async function start(dataDir: string): Promise<Run> {
  const port = await freePort();
  const began = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...LAUNCH.flags, MAIN], {
    env: { ...process.env, ...LAUNCH.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'info', NODE_ENV: 'production', MAIL_LOG_ONLY: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let eol;
    while ((eol = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, eol);
      buffered = buffered.slice(eol + 1);
      lines.push(line);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  try {
    let portOpenS: number | null = null;
    let readyS: number | null = null;
    while (readyS === null) {
      if (performance.now() - began > TIMEOUT_MS) throw new Error(`not ready after ${TIMEOUT_MS / 1000} s:\n${lines.slice(-20).join('\n')}`);
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${lines.slice(-20).join('\n')}`);
      try {
        if (portOpenS === null) {
          const health = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
          if (health.ok) portOpenS = (performance.now() - began) / 1000;
        }
        const ready = await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) });
        if (ready.status === 200) readyS = (performance.now() - began) / 1000;
      } catch {
        // not listening yet
      }
      if (readyS === null) await sleep(100);
    }
    await sleep(SETTLE_SECONDS * 1000);
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode} while settling:\n${lines.slice(-20).join('\n')}`);
    const rss = await rssMb(child.pid!);
    return { portOpenS, readyS, rssMb: rss, inProcess: await memoryGauges(port), lines };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tradewind-startup-'));
if (!TSX && !existsSync(MAIN)) {
  console.error('packages/server/dist/main.js is missing: run `npm run build:server` first');
  process.exit(2);
}
console.log(`start-up bench: ${MODE}, PGlite in ${dataDir}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${load()} at start`);
try {
  const first = await start(dataDir);
  const history = (run: Run) => run.lines.filter((l) => /market: (generated|history for)/.test(l)).map((l) => (JSON.parse(l) as { msg: string }).msg);
  console.log(
    `first start (fresh DATA_DIR): port open ${first.portOpenS?.toFixed(1)} s, ready ${first.readyS.toFixed(1)} s; ` +
      `idle RSS after ${SETTLE_SECONDS} s settling ${first.rssMb.toFixed(0)} MB (${first.inProcess}); load average ${load()}`,
  );
  for (const line of history(first)) console.log(`  ${line}`);
  const second = await start(dataDir);
  console.log(
    `second start (same DATA_DIR): port open ${second.portOpenS?.toFixed(1)} s, ready ${second.readyS.toFixed(1)} s; ` +
      `idle RSS after ${SETTLE_SECONDS} s settling ${second.rssMb.toFixed(0)} MB (${second.inProcess}); load average ${load()}`,
  );
  for (const line of history(second)) console.log(`  ${line}`);
  const pass = first.readyS <= 15 && first.rssMb <= 300 && second.rssMb <= 300;
  console.log(`targets (first start to ready ≤ 15 s, idle RSS ≤ 300 MB): ${pass ? 'met' : 'NOT met'}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

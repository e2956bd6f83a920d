import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LatencyHistogram, type HistogramSnapshot } from '../fanout/histogram.js';

/** What pgbench prints at the end of a run. */
export interface PgbenchSummary {
  /** "tps = N (without initial connection time)". */
  tps: number;
  /** "latency average = N ms". */
  latencyAverageMs: number;
  /** "number of transactions actually processed: N". */
  transactions: number;
  /** "number of failed transactions: N (…%)"; pgbench before 15 does not print it (0). */
  failed: number;
  clients: number | undefined;
  threads: number | undefined;
  scale: number | undefined;
}

function numberAfter(output: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(output);
  if (!match?.[1]) return undefined;
  const value = Number(match[1]);
  return Number.isFinite(value) ? value : undefined;
}

/** Reads pgbench's summary; throws naming the first line it cannot find. */
export function parsePgbenchOutput(output: string): PgbenchSummary {
  const tps = numberAfter(output, /^tps = ([\d.]+) \(without initial connection time\)/m);
  if (tps === undefined) throw new Error('pgbench output has no "tps = N (without initial connection time)" line');
  const latencyAverageMs = numberAfter(output, /^latency average = ([\d.]+) ms/m);
  if (latencyAverageMs === undefined) throw new Error('pgbench output has no "latency average = N ms" line');
  const transactions = numberAfter(output, /^number of transactions actually processed: (\d+)/m);
  if (transactions === undefined) throw new Error('pgbench output has no "number of transactions actually processed" line');
  return {
    tps,
    latencyAverageMs,
    transactions,
    failed: numberAfter(output, /^number of failed transactions: (\d+)/m) ?? 0,
    clients: numberAfter(output, /^number of clients: (\d+)/m),
    threads: numberAfter(output, /^number of threads: (\d+)/m),
    scale: numberAfter(output, /^scaling factor: (\d+)/m),
  };
}

/**
 * Adds the transactions of a pgbench per-transaction log (`-l`) to a histogram, in ms. Each line is
 * `client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]`, `time`
 * being the transaction's latency in µs, or `failed` / `skipped`. Returns the lines that were not
 * successful transactions.
 */
export function addPgbenchLog(log: string, histogram: LatencyHistogram): { failed: number } {
  let failed = 0;
  for (const line of log.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 6) continue;
    const micros = Number(fields[2]);
    if (/^\d+$/.test(fields[2] ?? '') && Number.isFinite(micros)) histogram.record(micros / 1000);
    else failed++;
  }
  return { failed };
}

/** libpq connection arguments for pgbench and the environment that carries the password. */
export function connectionArgs(databaseUrl: string, database: string): { args: string[]; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const args = ['-h', url.hostname.replace(/^\[(.*)\]$/, '$1'), '-p', url.port || '5432'];
  if (url.username) args.push('-U', decodeURIComponent(url.username));
  args.push(database);
  return { args, env: url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {} };
}

export interface PgbenchRun {
  summary: PgbenchSummary;
  /** Per-transaction latencies from pgbench's own log. */
  latency: HistogramSnapshot;
  output: string;
}

/** Runs pgbench; resolves with stdout and stderr together, rejects with them when it fails. */
export function runPgbench(executable: string, args: readonly string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => reject(new Error(`could not start ${executable}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${executable} ${args.join(' ')} exited with ${code}:\n${output.trim()}`));
    });
  });
}

/** `pgbench -i -s <scale>`: the four tpcb tables, filled and vacuumed. */
export async function initialise(executable: string, databaseUrl: string, database: string, scale: number): Promise<void> {
  const { args, env } = connectionArgs(databaseUrl, database);
  await runPgbench(executable, ['-i', '-q', '-s', String(scale), ...args], env);
}

/** One `pgbench -b tpcb-like -n` run with a per-transaction log, parsed. */
export async function measure(
  executable: string,
  databaseUrl: string,
  database: string,
  run: { clients: number; threads: number; seconds: number },
): Promise<PgbenchRun> {
  const { args, env } = connectionArgs(databaseUrl, database);
  const dir = await mkdtemp(path.join(tmpdir(), 'tw-pgbench-'));
  try {
    const output = await runPgbench(
      executable,
      ['-b', 'tpcb-like', '-n', '-c', String(run.clients), '-j', String(run.threads), '-T', String(run.seconds), '-l', `--log-prefix=${path.join(dir, 'log')}`, ...args],
      env,
    );
    const summary = parsePgbenchOutput(output);
    const histogram = new LatencyHistogram();
    for (const file of await readdir(dir)) addPgbenchLog(await readFile(path.join(dir, file), 'utf8'), histogram);
    return { summary, latency: histogram.snapshot(), output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A run without log or parsing, to warm the database's caches before the measured one. */
export async function warmUp(executable: string, databaseUrl: string, database: string, run: { clients: number; threads: number; seconds: number }) {
  const { args, env } = connectionArgs(databaseUrl, database);
  await runPgbench(executable, ['-b', 'tpcb-like', '-n', '-c', String(run.clients), '-j', String(run.threads), '-T', String(run.seconds), ...args], env);
}

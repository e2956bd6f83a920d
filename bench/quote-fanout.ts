/**
 * Quote fan-out benchmark: N websocket clients, each subscribed to a few symbols, while every
 * instrument ticks. Runs the real server, then a bare `ws` broadcast of the same tick stream to the
 * same clients, and prints delivered messages per second and tick-to-client latency for both.
 *
 *   npx tsx bench/quote-fanout.ts [--clients 2000] [--symbols 20] [--seconds 20] [--rate <ticks/s>]
 *
 * Progress goes to stderr, the results to stdout. See docs/performance/quote-fanout.md for recorded figures.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { symbolKey, type QuoteTick } from '@tradewind/contract';
import { parseArgs, USAGE, UsageError, type FanoutOptions } from './fanout/args.js';
import { startBaseline } from './fanout/baseline.js';
import { ClientPool } from './fanout/client-pool.js';
import { percentile } from './fanout/histogram.js';
import { planSubscriptions, type SubscriptionPlan } from './fanout/plan.js';
import { wallNow } from './fanout/protocol.js';
import { startServer } from './fanout/server-under-test.js';

/** The simulator's step: every 50 ms it emits the ticks that fell due. */
const TICK_MS = 50;
/**
 * WS_MAX_BUFFERED_BYTES for both runs: the production default. At ~20 quotes/s of ~150 bytes a
 * client needs minutes of backlog to reach it, so only a client that has really stopped reading is
 * dropped within a run; a drop here means the clients could not keep up.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface RunResult {
  name: string;
  clients: number;
  ticksPerSecond: number;
  /** Quote messages the run should deliver per second: each tick times its symbol's watchers. */
  fanoutPerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
  bytesPerMessage: number;
  dropped: number;
  errors: number;
  /** Share of the window the server's event loop (this thread) was busy. */
  serverBusy: number;
  /** The same for the busiest client worker. */
  clientBusy: number;
  /** The server thread's event-loop delay in the window (how long a ready callback waited), ms. */
  loopDelayP99: number;
  loopDelayMax: number;
  /**
   * CPU time of the server thread per delivered message, µs: unlike latency and loop busy share,
   * this barely moves when other processes compete for the cores.
   */
  cpuPerMessageUs: number;
}

/**
 * CPU ms used so far by this process's main thread (the server's), from Linux /proc at 10 ms
 * resolution; elsewhere the whole process's CPU time, worker threads included.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime in 1/100 s
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - wallNow())));
const busy = (a: EventLoopUtilization, b: EventLoopUtilization) => {
  const active = b.active - a.active;
  const idle = b.idle - a.idle;
  return active + idle > 0 ? active / (active + idle) : 0;
};

/** Ticks whose `ts` falls in the measured window, and the messages they fan out to. */
class WindowCounter {
  ticks = 0;
  fanout = 0;
  private startAt = Infinity;
  private endAt = -Infinity;

  constructor(private readonly plan: SubscriptionPlan) {}

  open(startAt: number, endAt: number): void {
    this.startAt = startAt;
    this.endAt = endAt;
  }

  add(tick: QuoteTick): void {
    if (tick.ts < this.startAt || tick.ts >= this.endAt) return;
    this.ticks++;
    this.fanout += this.plan.watchers.get(symbolKey(tick)) ?? 0;
  }
}

interface Phase {
  name: string;
  url: string;
  /** Called once the clients are connected: the warm-up starts now. Returns the window's tick counter. */
  started(window: { recordFrom: number; startAt: number; endAt: number }): WindowCounter;
}

async function runPhase(phase: Phase, pool: ClientPool, plan: SubscriptionPlan, options: FanoutOptions): Promise<RunResult> {
  log(`${phase.name}: connecting ${options.clients} clients, ${options.batch} at a time…`);
  const connectStarted = wallNow();
  const connected = await pool.connect(phase.url, plan.clients, options.batch);
  log(`${phase.name}: ${connected.opened} connected and subscribed in ${((wallNow() - connectStarted) / 1000).toFixed(1)} s`);
  if (connected.failed > 0) log(`${phase.name}: ${connected.failed} failed to connect, first: ${connected.firstError ?? '?'}`);
  if (connected.opened === 0) throw new Error(`${phase.name}: no client could connect`);

  const recordFrom = wallNow();
  const startAt = recordFrom + options.warmup * 1000;
  const endAt = startAt + options.seconds * 1000;
  const counter = phase.started({ recordFrom, startAt, endAt });
  counter.open(startAt, endAt);
  await pool.measure(startAt, endAt);
  log(`${phase.name}: warming up ${options.warmup} s, then measuring ${options.seconds} s…`);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  await sleepUntil(startAt);
  const mainBefore = performance.eventLoopUtilization();
  const workersBefore = pool.eventLoopUtilization();
  const cpuBefore = mainThreadCpuMs();
  delay.enable();
  await sleepUntil(endAt);
  delay.disable();
  const cpuMs = mainThreadCpuMs() - cpuBefore;
  const mainAfter = performance.eventLoopUtilization();
  const workersAfter = pool.eventLoopUtilization();
  const report = await pool.report();
  await pool.disconnect();

  const seconds = options.seconds;
  return {
    name: phase.name,
    clients: connected.opened,
    ticksPerSecond: counter.ticks / seconds,
    fanoutPerSecond: counter.fanout / seconds,
    deliveredPerSecond: report.received / seconds,
    p50: percentile(report.latency, 0.5),
    p99: percentile(report.latency, 0.99),
    p999: percentile(report.latency, 0.999),
    max: report.latency.max,
    mean: report.latency.count > 0 ? report.latency.sum / report.latency.count : NaN,
    bytesPerMessage: report.received > 0 ? report.bytes / report.received : 0,
    dropped: report.dropped,
    errors: report.errors,
    serverBusy: busy(mainBefore, mainAfter),
    clientBusy: Math.max(...workersBefore.map((before, i) => busy(before, workersAfter[i] ?? before))),
    loopDelayP99: delay.percentile(99) / 1e6,
    loopDelayMax: delay.max / 1e6,
    cpuPerMessageUs: report.received > 0 ? (cpuMs * 1000) / report.received : NaN,
  };
}

/**
 * Drives `publish` from a `stepMs` timer at `perSecond` ticks/s, taking the recorded ticks in order
 * and looping; each step stamps its ticks with now. The pace is smooth on purpose: bursts the
 * server made (a step that ran late emits everything that fell due meanwhile) are the server's,
 * not the transport's.
 */
function replay(recording: readonly QuoteTick[], perSecond: number, stepMs: number, publish: (tick: QuoteTick) => void): () => void {
  if (recording.length === 0 || perSecond <= 0) return () => undefined;
  const perMs = perSecond / 1000;
  const started = Date.now();
  let sent = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const due = Math.floor((now - started) * perMs) - sent;
    for (let n = 0; n < due; n++) {
      const tick = recording[(sent + n) % recording.length];
      if (tick) publish({ ...tick, ts: now });
    }
    sent += due;
  }, stepMs);
  return () => clearInterval(timer);
}

const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const percent = (n: number) => `${Math.round(n * 100)} %`;

function table(rows: readonly RunResult[]): string {
  const header = ['run', 'clients', 'ticks/s', 'fan-out msg/s', 'delivered msg/s', 'p50 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'dropped', 'server loop', 'server CPU µs/msg', 'client loop'];
  const cells = rows.map((r) => [
    r.name,
    whole(r.clients),
    whole(r.ticksPerSecond),
    whole(r.fanoutPerSecond),
    whole(r.deliveredPerSecond),
    fixed(r.p50, 2),
    fixed(r.p99, 2),
    fixed(r.p999, 2),
    fixed(r.max, 1),
    whole(r.dropped),
    percent(r.serverBusy),
    fixed(r.cpuPerMessageUs, 1),
    percent(r.clientBusy),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  let options: FanoutOptions;
  try {
    const parsed = parseArgs(process.argv.slice(2));
    if (parsed === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    options = parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`quote-fanout: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  log(`quote fan-out: ${options.clients} clients × ${options.symbols} symbols, ${options.seconds} s measured after ${options.warmup} s warm-up`);
  log(`machine: ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; clients in ${options.workers} worker thread(s)`);
  const loadBefore = fixed(loadavg()[0] ?? NaN, 2);
  const pool = ClientPool.start(options.workers);

  // 1. The real server. Its quote stream is recorded to replay to the baseline.
  log('server: building the app (in-memory PGlite, simulator history)…');
  const server = await startServer({ tickMs: TICK_MS, maxBufferedBytes: MAX_BUFFERED_BYTES, rate: options.rate, flushSeconds: options.flush });
  const ranked = server.instruments.map((i) => ({ source: i.source, code: i.code }));
  const plan = planSubscriptions(ranked, options.clients, options.symbols, options.seed);
  const recording: QuoteTick[] = [];
  const serverResult = await runPhase(
    {
      name: 'server',
      url: server.url,
      started({ recordFrom, endAt }) {
        const counter = new WindowCounter(plan);
        server.onQuote((tick) => {
          counter.add(tick);
          if (tick.ts >= recordFrom && tick.ts < endAt) recording.push(tick);
        });
        return counter;
      },
    },
    pool,
    plan,
    options,
  );
  await server.close();

  // 2. The baseline: a bare ws server fed the recorded ticks at the rate the server run measured.
  const baseline = await startBaseline(MAX_BUFFERED_BYTES);
  let stopReplay = () => undefined as void;
  const baselineResult = await runPhase(
    {
      name: 'bare ws',
      url: baseline.url,
      started() {
        const counter = new WindowCounter(plan);
        stopReplay = replay(recording, serverResult.ticksPerSecond, TICK_MS, (tick) => {
          counter.add(tick);
          baseline.publish(tick);
        });
        return counter;
      },
    },
    pool,
    plan,
    options,
  );
  stopReplay();
  await baseline.close();
  await pool.close();

  const top = ranked
    .slice(0, 3)
    .map((s) => `${s.code} ${plan.watchers.get(symbolKey(s)) ?? 0}`)
    .join(', ');
  const ratio = (a: number, b: number) => (b > 0 ? a / b : NaN);
  const out = [
    '',
    `Quote fan-out: ${whole(options.clients)} clients × ${options.symbols} symbols (Zipf over ${ranked.length} instruments, seed "${options.seed}"),`,
    `${options.seconds} s measured after ${options.warmup} s warm-up; ticks: ${options.rate === undefined ? 'simulator schedule' : `bench driver at ${whole(options.rate)}/s`}; ` +
      `server bar flush every ${options.flush} s`,
    `${plan.watchers.size} symbols watched; most watched: ${top} clients; message ≈ ${Math.round(serverResult.bytesPerMessage)} bytes`,
    `machine: ${cpus().length} × ${cpu}, Node ${process.version}, client workers: ${options.workers}, ` +
      `load average before ${loadBefore}, after ${fixed(loadavg()[0] ?? NaN, 2)}`,
    '',
    table([serverResult, baselineResult]),
    '',
    `server / bare ws: delivered msg/s × ${fixed(ratio(serverResult.deliveredPerSecond, baselineResult.deliveredPerSecond), 3)}, ` +
      `p50 × ${fixed(ratio(serverResult.p50, baselineResult.p50), 2)}, p99 × ${fixed(ratio(serverResult.p99, baselineResult.p99), 2)}, ` +
      `server-thread CPU per message × ${fixed(ratio(serverResult.cpuPerMessageUs, baselineResult.cpuPerMessageUs), 2)}`,
    ...[serverResult, baselineResult].map(
      (r) =>
        `${r.name}: mean latency ${fixed(r.mean, 2)} ms; server thread event-loop delay p99 ${fixed(r.loopDelayP99, 1)} ms, ` +
        `max ${fixed(r.loopDelayMax, 1)} ms; error messages ${r.errors}`,
    ),
    '',
  ];
  process.stdout.write(out.join('\n'));
}

main().catch((error: unknown) => {
  process.stderr.write(`quote-fanout failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

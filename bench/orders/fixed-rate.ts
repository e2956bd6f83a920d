import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { LatencyHistogram, type HistogramSnapshot } from '../fanout/histogram.js';
import { seededRandom } from '../fanout/plan.js';
import { KeepAliveClient } from './keep-alive-client.js';
import { failureOf, postRaw, type LoadPlan } from './load.js';

export interface FixedRateResult {
  /** Orders per second asked for, and started and answered with success per second. */
  targetPerSecond: number;
  sent: number;
  succeeded: number;
  /** Latency from each order's scheduled start (not its actual send) to its answer, in ms. */
  latency: HistogramSnapshot;
  errors: Map<string, number>;
  /** The slowest answer per 100 ms of schedule, to tell one stall from a steady tail. */
  worstBySlot: Float64Array;
  /** The load generator's own longest event-loop stall, ms: a late send counts against the server too. */
  clientLoopDelayMaxMs: number;
}

/**
 * An open-loop load: market buys started on a fixed schedule (`rate` a second for `seconds`)
 * whether or not earlier ones were answered, so a slow answer cannot hold back the next request
 * and hide its own delay (no coordinated omission). Latency counts from the scheduled moment.
 */
export async function fixedRateLoad(plan: Omit<LoadPlan, 'clients' | 'closeEvery'>, rate: number, seconds: number): Promise<FixedRateResult> {
  // Each request takes an idle keep-alive connection or opens one; a slow answer makes the next request open another.
  const idle: KeepAliveClient[] = [];
  const opened: KeepAliveClient[] = [];
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const random = seededRandom(`${plan.seed}-fixed`);
  const latency = new LatencyHistogram();
  const errors = new Map<string, number>();
  const total = Math.max(1, Math.round(rate * seconds));
  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  const worstBySlot = new Float64Array(Math.ceil(seconds * 10) + 1);
  let succeeded = 0;
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const user = plan.users[n % plan.users.length]!;
    const symbol = plan.symbols[Math.floor(random() * plan.symbols.length)]!;
    const body = { stockCode: symbol.code, source: symbol.source, direction: 0, orderType: 0, quantity: 1 };
    const connection = idle.pop() ?? opened[opened.push(new KeepAliveClient(plan.port)) - 1]!;
    inFlight.push(
      postRaw(connection, '/stock/create', user.token, body, `${plan.runId}-f${n}`).then(
        (answer) => {
          idle.push(connection);
          const failure = failureOf(answer);
          if (failure) errors.set(failure, (errors.get(failure) ?? 0) + 1);
          else {
            succeeded++;
            const took = performance.now() - due;
            latency.record(took);
            const slot = Math.floor((due - start) / 100);
            worstBySlot[slot] = Math.max(worstBySlot[slot]!, took);
          }
        },
        (error: unknown) => {
          idle.push(connection);
          const failure = `network: ${error instanceof Error ? error.message : String(error)}`;
          errors.set(failure, (errors.get(failure) ?? 0) + 1);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  for (const connection of opened) connection.close();
  clientLoop.disable();
  return { targetPerSecond: rate, sent: total, succeeded, latency: latency.snapshot(), errors, worstBySlot, clientLoopDelayMaxMs: clientLoop.max / 1e6 };
}

import type { EventLoopUtilization } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { WsSymbol } from '@tradewind/contract';
import { LatencyHistogram, type HistogramSnapshot } from './histogram.js';
import type { FromWorker, ToWorker, WorkerReport } from './protocol.js';

/** Starts a worker from TypeScript source: the worker registers tsx itself (loaders are per thread). */
function startWorker(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(boot, { eval: true });
}

export interface PoolReport {
  received: number;
  bytes: number;
  latency: HistogramSnapshot;
  dropped: number;
  errors: number;
}

/** The bench's websocket clients, spread over worker threads; every call goes to all workers. */
export class ClientPool {
  private readonly waiting = new Map<Worker, (message: FromWorker) => void>();

  private constructor(private readonly workers: Worker[]) {
    for (const worker of workers) {
      worker.on('message', (message: FromWorker) => {
        const resolve = this.waiting.get(worker);
        this.waiting.delete(worker);
        resolve?.(message);
      });
      worker.on('error', (error: unknown) => {
        process.stderr.write(`client worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      });
    }
  }

  static start(count: number): ClientPool {
    const file = new URL(`./client-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
    return new ClientPool(Array.from({ length: count }, () => startWorker(file)));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Opens every client (round-robin over the workers), `batch` connections at a time in all. */
  async connect(url: string, clients: readonly WsSymbol[][], batch: number) {
    const shares = this.workers.map((_, w) => clients.filter((__, c) => c % this.workers.length === w));
    const perWorker = Math.max(1, Math.ceil(batch / this.workers.length));
    const answers = await this.all((w) => ({ type: 'connect', url, clients: shares[w] ?? [], batch: perWorker }), 'connected');
    return {
      opened: answers.reduce((n, a) => n + a.opened, 0),
      failed: answers.reduce((n, a) => n + a.failed, 0),
      firstError: answers.find((a) => a.firstError)?.firstError ?? null,
    };
  }

  async measure(startAt: number, endAt: number): Promise<void> {
    await this.all(() => ({ type: 'measure', startAt, endAt }), 'measuring');
  }

  async report(): Promise<PoolReport> {
    const reports: WorkerReport[] = await this.all(() => ({ type: 'report' }), 'report');
    return {
      received: reports.reduce((n, r) => n + r.received, 0),
      bytes: reports.reduce((n, r) => n + r.bytes, 0),
      latency: LatencyHistogram.merge(reports.map((r) => r.latency)),
      dropped: reports.reduce((n, r) => n + r.dropped, 0),
      errors: reports.reduce((n, r) => n + r.errors, 0),
    };
  }

  async disconnect(): Promise<void> {
    await this.all(() => ({ type: 'disconnect' }), 'disconnected');
  }

  /** Each worker's event-loop utilisation so far (pass to `utilisation` to get a window's share). */
  eventLoopUtilization(): EventLoopUtilization[] {
    return this.workers.map((w) => w.performance.eventLoopUtilization());
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private all<T extends FromWorker['type']>(request: (index: number) => ToWorker, expected: T): Promise<Array<Extract<FromWorker, { type: T }>>> {
    return Promise.all(
      this.workers.map(
        (worker, index) =>
          new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
            this.waiting.set(worker, (message) => {
              if (message.type === expected) resolve(message as Extract<FromWorker, { type: T }>);
              else reject(new Error(message.type === 'fatal' ? `client worker: ${message.message}` : `client worker answered ${message.type}, expected ${expected}`));
            });
            worker.postMessage(request(index));
          }),
      ),
    );
  }
}

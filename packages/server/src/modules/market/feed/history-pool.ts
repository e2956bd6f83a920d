import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LoadOptions } from '../catalog/instruments.js';
import type { HistoryOptions } from './history.js';
import type { InstrumentStart, Overlay } from './instrument-start.js';

/** From this many instruments the history is generated in worker threads: a few dozen take less than starting them. */
export const HISTORY_THREADS_FROM = 100;

/** One worker thread per core, at most four, leaving `reservedCores` to other work (at least one thread). */
export const historyThreadCount = (reservedCores = 0) => Math.max(1, Math.min(availableParallelism() - reservedCores, 4));

export interface StartTask {
  key: string;
  /** When the instrument's generated history ends (Unix ms). */
  anchor: number;
  overlay: Overlay | undefined;
}

/** What each worker is started with (`workerData`): it loads the instrument master itself from `catalog`. */
export interface HistoryWorkerInput {
  catalog: LoadOptions;
  history: Omit<HistoryOptions, 'nowMs'>;
  tasks: StartTask[];
}

/** A worker's message: starts made since its last message; `done` on its last. */
export interface HistoryWorkerOutput {
  starts: Array<[string, InstrumentStart]>;
  done: boolean;
}

export interface HistoryPoolOptions {
  threads: number;
  catalog: LoadOptions;
  history: Omit<HistoryOptions, 'nowMs'>;
}

/**
 * Makes the instruments' starts in `threads` worker threads, handing each to `onStart` on this thread as it
 * arrives. Generating a year of history for the whole master took 7–8.5 s on the event loop and left its
 * garbage in the server's heap; the workers share it out over the cores and take their heaps with them when
 * they end. A failing worker fails the whole load (the others are stopped).
 */
export async function startsInWorkers(tasks: readonly StartTask[], options: HistoryPoolOptions, onStart: (key: string, start: InstrumentStart) => void): Promise<void> {
  const shares = Array.from({ length: Math.max(1, Math.min(options.threads, tasks.length)) }, () => [] as StartTask[]);
  // Dealt like cards, so each worker gets a like mix of calendars and asset classes.
  tasks.forEach((task, index) => shares[index % shares.length]?.push(task));
  const workers: Worker[] = [];
  try {
    await Promise.all(
      shares.map((share) => {
        const worker = startWorker({ catalog: options.catalog, history: options.history, tasks: share });
        workers.push(worker);
        return finished(worker, onStart);
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function finished(worker: Worker, onStart: (key: string, start: InstrumentStart) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    worker.on('message', (message: HistoryWorkerOutput) => {
      for (const [key, start] of message.starts) onStart(key, start);
      if (message.done) {
        done = true;
        resolve();
      }
    });
    worker.once('error', (error) => reject(new Error(`generating market history in a worker thread failed: ${error.message}`, { cause: error })));
    worker.once('exit', (code) => {
      if (!done) reject(new Error(`the market history worker thread stopped (exit ${code}) before it finished`));
    });
  });
}

/** The compiled server has dist/history-worker.js next to its chunks; the sources run the worker under tsx. */
function startWorker(input: HistoryWorkerInput): Worker {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return new Worker(path.join(path.dirname(here), 'history-worker.js'), { workerData: input });
  const source = new URL('./history.worker.ts', import.meta.url).href;
  // `execArgv: ['--import', 'tsx']` does not reach a worker's module loader; registering tsx inside it does.
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { eval: true, workerData: input });
}

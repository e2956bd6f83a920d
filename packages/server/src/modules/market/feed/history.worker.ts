/**
 * Worker thread of `startsInWorkers` (history-pool.ts): makes the starts of the instruments it was given and
 * posts them back a few at a time, so the server can log progress and keep answering /health meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadInstruments } from '../catalog/instruments.js';
import type { HistoryWorkerInput, HistoryWorkerOutput } from './history-pool.js';
import { instrumentStart } from './instrument-start.js';

const input = workerData as HistoryWorkerInput;
const port = parentPort;
if (!port) throw new Error('history.worker.ts runs as a worker thread of history-pool.ts');
const byKey = new Map(loadInstruments(input.catalog).catalog.all.map((instrument) => [instrument.key, instrument]));
let starts: HistoryWorkerOutput['starts'] = [];
for (const task of input.tasks) {
  const instrument = byKey.get(task.key);
  if (!instrument) throw new Error(`instrument ${task.key} is not in the master loaded with the server's options`);
  starts.push([task.key, instrumentStart(instrument, { ...input.history, nowMs: task.anchor }, task.overlay)]);
  if (starts.length === 16) {
    port.postMessage({ starts, done: false } satisfies HistoryWorkerOutput);
    starts = [];
  }
}
port.postMessage({ starts, done: true } satisfies HistoryWorkerOutput);

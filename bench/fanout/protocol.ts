import type { WsSymbol } from '@tradewind/contract';
import type { HistogramSnapshot } from './histogram.js';

/** What the bench's main thread asks a client worker to do; each request gets one answer. */
export type ToWorker =
  | { type: 'connect'; url: string; clients: WsSymbol[][]; batch: number }
  /** Count quote messages received in [startAt, endAt), wall-clock ms with sub-ms precision. */
  | { type: 'measure'; startAt: number; endAt: number }
  | { type: 'report' }
  | { type: 'disconnect' };

export interface WorkerReport {
  type: 'report';
  /** Quote messages received inside the window. */
  received: number;
  /** Their total payload bytes. */
  bytes: number;
  /** Receive time minus the tick's `ts`, in ms, for every counted message. */
  latency: HistogramSnapshot;
  /** Connections the server closed during the run (the slow-client drop, or anything else). */
  dropped: number;
  /** Error messages from the server after subscribing. */
  errors: number;
}

export type FromWorker =
  | { type: 'connected'; opened: number; failed: number; firstError: string | null }
  | { type: 'measuring' }
  | WorkerReport
  | { type: 'disconnected' }
  | { type: 'fatal'; message: string };

/** Wall-clock ms with sub-millisecond precision, comparable across worker threads. */
export const wallNow = () => performance.timeOrigin + performance.now();

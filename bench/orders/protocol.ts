import type { EventLoopUtilization } from 'node:perf_hooks';
import type { LedgerAudit } from '../../packages/server/src/modules/ledger/ledger-invariants.js';
import type { MarketProvider } from './args.js';

export interface ServerSettings {
  /** PostgreSQL; undefined runs the server on in-memory PGlite. */
  databaseUrl: string | undefined;
  poolSize: number;
  market: MarketProvider;
  /** MARKET_SYMBOLS: the traded symbols and a few more. */
  marketSymbols: string[];
  /** The symbols orders are placed in; each must trade from the STOCK wallet. */
  tradeSymbols: string[];
  users: number;
  /** Credited to each user's STOCK wallet, in cents. */
  fundMinor: number;
}

export interface BenchUser {
  id: number;
  token: string;
}

export interface ServerWindow {
  elu: EventLoopUtilization;
  /** CPU of the whole server process so far (all its threads), µs. */
  cpuUs: number;
  /** The order batcher's statements and the orders they wrote so far (absent on trees without one). */
  orderBatches?: { batches: number; orders: number; splits: number; largest: number };
  /** The close batcher's statements, the closes they applied and the closes made alone so far (absent on trees without one). */
  closeBatches?: { batches: number; closes: number; alone: number; known?: number; read?: number };
  /** The engine's fill batcher: statements, the fills they applied, fills decided alone (absent on trees without one). */
  fillBatches?: { batches: number; fills: number; alone: number };
}

/** The bench's requests to the server process; each gets one answer. */
export type ToServer =
  | { type: 'start'; settings: ServerSettings }
  | { type: 'window-start'; profile: boolean }
  | { type: 'window-end'; profileFile: string | undefined }
  /** `collect`: a full garbage collection first, so heapUsedBytes is the live heap. */
  | { type: 'stats'; collect: boolean }
  /** Closes the app (nothing left in flight) and audits the ledger in the server's own database (PGlite). */
  | { type: 'audit' }
  /** The last price of a traded symbol (and the batchers' figures so far). */
  | { type: 'quote'; source: number; code: string }
  /**
   * One tick at `factor` × the last price; answered once the symbol has no open position (`until` 'closed') or no
   * resting order (`until` 'filled') left, or after `timeoutMs`, with how long that took: the engine at work
   * (engine-closes.ts).
   */
  | { type: 'price-move'; source: number; code: string; factor: number; until: 'closed' | 'filled'; timeoutMs: number }
  | { type: 'close' };

export type FromServer =
  | { type: 'ready'; port: number; users: BenchUser[]; symbols: Array<{ code: string; source: number }>; startMs: number; setupMs: number }
  | ({ type: 'window-started' } & ServerWindow)
  | ({ type: 'window-ended'; loopDelayP99Ms: number; loopDelayMaxMs: number } & ServerWindow)
  | { type: 'stats-taken'; heapUsedBytes: number; rssBytes: number; collectMs: number; loopDelayP99Ms: number; loopDelayMaxMs: number }
  | { type: 'audited'; audit: LedgerAudit }
  | ({ type: 'quoted'; price: number } & ServerWindow)
  | ({ type: 'price-moved'; price: number; drainedMs: number; remaining: number } & ServerWindow)
  | { type: 'closed' }
  | { type: 'fatal'; message: string };

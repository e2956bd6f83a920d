import type { Config } from '../../config/config.js';
import { catalogOptionsOf } from './catalog/catalog-options.js';
import { loadInstruments } from './catalog/instruments.js';
import { HISTORY_THREADS_FROM, historyThreadCount, startsInWorkers } from './feed/history-pool.js';
import type { InstrumentStart } from './feed/instrument-start.js';

/** Market history a first start began making before its database existed, all of it ending at `anchor`. */
export interface HistoryAhead {
  anchor: number;
  /** Taken once: the feed empties it as it applies the starts, so their bars do not outlive the load. */
  starts: Promise<Map<string, InstrumentStart>>;
}

/**
 * On a new PGlite directory every instrument is new, so where its history ends (its anchor) is known before
 * the database is: main.ts starts worker threads here, and they generate while PostgreSQL's initdb (a child
 * process) and the migrations run; the two took ~7.5 s each of a first start, one after the other. One core
 * is left to initdb. The market plugin takes the starts whose stored anchor is this one (MarketFeed.load).
 * Undefined when the master is small enough to generate on the main thread.
 */
export function startHistoryAhead(config: Config, nowMs: number): HistoryAhead | undefined {
  const catalogOptions = catalogOptionsOf(config);
  const { catalog } = loadInstruments(catalogOptions);
  if (catalog.all.length < HISTORY_THREADS_FROM) return undefined;
  const made = new Map<string, InstrumentStart>();
  const tasks = catalog.all.map((instrument) => ({ key: instrument.key, anchor: nowMs, overlay: undefined }));
  const history = { seed: config.MARKET_SEED, days: config.MARKET_HISTORY_DAYS, intradaySessions: config.MARKET_HISTORY_SESSIONS };
  const starts = startsInWorkers(tasks, { threads: historyThreadCount(1), catalog: catalogOptions, history }, (key, start) => made.set(key, start)).then(() => made);
  // A failure is reported when the market plugin awaits it; a start that fails before that never asks.
  starts.catch(() => undefined);
  return { anchor: nowMs, starts };
}

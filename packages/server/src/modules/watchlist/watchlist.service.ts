import { symbolKey, type WatchlistItem, type WatchlistToggle } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type Instrument, type MarketDeps, quoteItem, resolveInstrument, type WatchedLookup } from '../market/index.js';
import * as repo from './watchlist.repository.js';

export interface WatchlistDeps {
  db: Database;
  clock: Clock;
  market: MarketDeps;
}

/** The user's watched instruments in their order (entries whose instrument left the master are skipped). */
export async function watchedInstruments(deps: WatchlistDeps, userId: number): Promise<Array<{ id: number; sort: number; instrument: Instrument }>> {
  const rows = await repo.listWatchlist(deps.db, userId);
  return rows.flatMap((row) => {
    const instrument = deps.market.catalog.get(row.source, row.stockCode);
    return instrument ? [{ id: row.id, sort: row.sort, instrument }] : [];
  });
}

/** Keys of what a caller watches; empty for a visitor. */
export async function watchedKeys(deps: WatchlistDeps, userId: number | undefined): Promise<Set<string>> {
  if (userId === undefined) return new Set();
  const rows = await repo.listWatchlist(deps.db, userId);
  return new Set(rows.map((row) => symbolKey({ source: row.source, code: row.stockCode })));
}

/** What market's quote lists need to mark and list watched instruments, given to them at composition. */
export function watchedLookup(deps: WatchlistDeps): WatchedLookup {
  return {
    keys: (userId) => watchedKeys(deps, userId),
    instruments: async (userId) => (await watchedInstruments(deps, userId)).map((w) => w.instrument),
  };
}

export async function listWatchlist(deps: WatchlistDeps, userId: number): Promise<WatchlistItem[]> {
  const watched = await watchedInstruments(deps, userId);
  const keys = new Set(watched.map((w) => w.instrument.key));
  return watched.map((w) => ({ ...quoteItem(deps.market, w.instrument, keys), id: w.id, sort: w.sort }));
}

/** SPEC §4: adds the instrument when it is not watched, removes it when it is. */
export async function toggle(
  deps: WatchlistDeps,
  userId: number,
  body: { secuCode: string; market?: string; assettype?: number },
): Promise<WatchlistToggle> {
  const instrument = resolveInstrument(deps.market, { stockCode: body.secuCode, market: body.market, source: body.assettype });
  const existing = await repo.findWatchlistItem(deps.db, userId, instrument.source, instrument.code);
  if (existing) {
    await repo.deleteWatchlistItem(deps.db, userId, existing.id);
    return { selected: false, id: null };
  }
  const inserted = await repo.insertWatchlistItem(deps.db, userId, instrument.source, instrument.code, deps.clock.now());
  const row = inserted ?? (await repo.findWatchlistItem(deps.db, userId, instrument.source, instrument.code));
  return { selected: true, id: row?.id ?? null };
}

export async function remove(deps: WatchlistDeps, userId: number, id: number): Promise<null> {
  if (!(await repo.deleteWatchlistItem(deps.db, userId, id))) throw AppError.notFound('watchlist.notFound');
  return null;
}

export async function removeByCode(deps: WatchlistDeps, userId: number, stockCode: string): Promise<null> {
  if ((await repo.deleteWatchlistByCode(deps.db, userId, stockCode)) === 0) throw AppError.notFound('watchlist.notFound');
  return null;
}

/** Reorders: `ids` must be exactly the user's entries, in the new order. */
export async function sort(deps: WatchlistDeps, userId: number, ids: readonly number[]): Promise<null> {
  const current = await repo.listWatchlist(deps.db, userId);
  const known = new Set(current.map((row) => row.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw AppError.badRequest('watchlist.sortMismatch');
  }
  await deps.db.transaction(async (tx) => {
    for (const [index, id] of ids.entries()) await repo.setWatchlistSort(tx, userId, id, index + 1);
  });
  return null;
}

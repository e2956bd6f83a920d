import { z } from 'zod';
import type { InstrumentRef } from '../../../api/market/instrument';
import { StorageKey, readStorage, removeStorage, writeStorage } from '../../../lib/storage';

/** SPEC §9 `shistory`: the instruments opened from search, most recent first. */
export const SEARCH_HISTORY_MAX = 10;

const entrySchema = z.object({
  name: z.string(),
  code: z.string().min(1),
  source: z.number().int(),
  market: z.string().optional(),
});

const sameInstrument = (a: InstrumentRef, b: InstrumentRef) => a.source === b.source && a.code.toUpperCase() === b.code.toUpperCase();

/** What is stored; anything unreadable (another version, hand edits) is dropped, not shown. */
export function readSearchHistory(): InstrumentRef[] {
  const raw = readStorage(StorageKey.searchHistory);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry) => {
      const result = entrySchema.safeParse(entry);
      return result.success ? [result.data] : [];
    }).slice(0, SEARCH_HISTORY_MAX);
  } catch {
    return [];
  }
}

/** Puts the instrument first, drops an older copy of it, keeps the newest ten. */
export function recordSearch(entry: InstrumentRef): InstrumentRef[] {
  const clean: InstrumentRef = {
    name: entry.name,
    code: entry.code,
    source: entry.source,
    ...(entry.market ? { market: entry.market } : {}),
  };
  const next = [clean, ...readSearchHistory().filter((old) => !sameInstrument(old, clean))].slice(0, SEARCH_HISTORY_MAX);
  writeStorage(StorageKey.searchHistory, JSON.stringify(next));
  return next;
}

export function clearSearchHistory(): void {
  removeStorage(StorageKey.searchHistory);
}

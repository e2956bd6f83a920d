import { describe, expect, it } from 'vitest';
import { StorageKey } from '../../../lib/storage';
import { SEARCH_HISTORY_MAX, clearSearchHistory, readSearchHistory, recordSearch } from './search-history';

const stored = () => JSON.parse(window.localStorage.getItem(StorageKey.searchHistory) ?? 'null') as unknown;

describe('search history (shistory, SPEC §9)', () => {
  it('puts the newest first and keeps one copy of each instrument', () => {
    recordSearch({ name: 'Apple Inc', code: 'AAPL', source: 0, market: 'NASDAQ' });
    recordSearch({ name: 'Gold', code: 'GC', source: 3, market: 'COMEX' });
    recordSearch({ name: 'Apple Inc', code: 'aapl', source: 0, market: 'NASDAQ' });
    expect(readSearchHistory().map((entry) => entry.code)).toEqual(['aapl', 'GC']);
    expect(stored()).toEqual([
      { name: 'Apple Inc', code: 'aapl', source: 0, market: 'NASDAQ' },
      { name: 'Gold', code: 'GC', source: 3, market: 'COMEX' },
    ]);
  });

  it('tells apart the same code under another source', () => {
    recordSearch({ name: 'Lean Hogs', code: 'HE', source: 3 });
    recordSearch({ name: 'Hawaiian Electric', code: 'HE', source: 0 });
    expect(readSearchHistory()).toHaveLength(2);
  });

  it('keeps the ten most recent', () => {
    for (let i = 0; i < 14; i += 1) recordSearch({ name: `Stock ${i}`, code: `S${i}`, source: 0 });
    const history = readSearchHistory();
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]?.code).toBe('S13');
    expect(history.at(-1)?.code).toBe('S4');
  });

  it('drops what it cannot read and clears on request', () => {
    window.localStorage.setItem(StorageKey.searchHistory, '[{"code":"AAPL","name":"Apple Inc","source":0},{"bad":1},"x"]');
    expect(readSearchHistory()).toEqual([{ code: 'AAPL', name: 'Apple Inc', source: 0 }]);
    window.localStorage.setItem(StorageKey.searchHistory, '{not json');
    expect(readSearchHistory()).toEqual([]);
    clearSearchHistory();
    expect(window.localStorage.getItem(StorageKey.searchHistory)).toBeNull();
  });
});

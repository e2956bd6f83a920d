import { describe, expect, it } from 'vitest';
import type { PositionRow } from '../../db/schema.js';
import { KnownPositions } from './known-positions.js';

const row = (id: number, status: PositionRow['status'] = 'open') => ({ id, status, quantity: 1 }) as PositionRow;

describe('known positions', () => {
  it('answers the rows it was told, with their versions, and names the rest to read', () => {
    const known = new KnownPositions(() => 0);
    known.remember(row(1), '700');
    known.remember(row(2), '701');
    const { known: found, unknown } = known.lookUp([1, 3, 2]);
    expect([...found]).toEqual([
      [1, { row: row(1), version: '700' }],
      [2, { row: row(2), version: '701' }],
    ]);
    expect(unknown).toEqual([3]);
  });

  it('a later write replaces the row; a position no longer open, or forgotten, is read again', () => {
    const known = new KnownPositions(() => 0);
    known.remember(row(1), '700');
    known.remember({ ...row(1), quantity: 0 }, '705');
    expect(known.lookUp([1]).known.get(1)).toEqual({ row: { ...row(1), quantity: 0 }, version: '705' });
    known.remember(row(1, 'closed'), '706');
    known.remember(row(2), '707');
    known.forget(2);
    expect(known.lookUp([1, 2]).unknown).toEqual([1, 2]);
    expect(known.size).toBe(0);
  });

  it('keeps at most `limit` rows, dropping the least recently written', () => {
    const known = new KnownPositions(() => 0, { limit: 2 });
    known.remember(row(1), '1');
    known.remember(row(2), '2');
    known.remember(row(1), '3');
    known.remember(row(3), '4');
    expect(known.size).toBe(2);
    expect(known.lookUp([1, 2, 3]).unknown).toEqual([2]);
  });

  it('a row older than `maxAgeMs` is read again (a 32-bit row version comes round again)', () => {
    let now = 0;
    const known = new KnownPositions(() => now, { maxAgeMs: 1000 });
    known.remember(row(1), '1');
    now = 1000;
    expect(known.lookUp([1]).unknown).toEqual([]);
    now = 1001;
    expect(known.lookUp([1]).unknown).toEqual([1]);
    expect(known.size).toBe(0);
  });
});

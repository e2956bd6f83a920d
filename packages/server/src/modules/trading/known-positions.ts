import type { PositionRow } from '../../db/schema.js';
import type { VersionedPosition } from './close-batch.repository.js';
import type { RowVersion } from './order-batch.repository.js';

// Issue 22: the open positions this process wrote last, each with the row version (`xmin`) its own statement
// left. A close batch decides on these instead of reading them again: one statement per batch instead of two.
// Nothing here is trusted: the close statement applies a close only if the row still has this version, so a
// position another path or process changed since is refused by the database and made alone under its lock.
// A close refused on a kept row (too large, not the caller's) is refused by the row in the database too: a
// position's quantity only falls and its owner never changes.

export interface KnownPositionsOptions {
  /** Most positions kept; the least recently written go first. */
  limit?: number;
  /** Kept no longer than this (ms): a row version is a 32-bit transaction id, which PostgreSQL reuses after ~4 billion. */
  maxAgeMs?: number;
}

interface Known extends VersionedPosition {
  at: number;
}

export class KnownPositions {
  private readonly rows = new Map<number, Known>();
  private readonly limit: number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly now: () => number,
    options: KnownPositionsOptions = {},
  ) {
    this.limit = options.limit ?? 20_000;
    this.maxAgeMs = options.maxAgeMs ?? 15 * 60_000;
  }

  get size(): number {
    return this.rows.size;
  }

  /** The row as this process's statement with transaction id `version` left it; a position no longer open is dropped. */
  remember(row: PositionRow, version: RowVersion): void {
    this.rows.delete(row.id);
    if (row.status !== 'open') return;
    this.rows.set(row.id, { row, version, at: this.now() });
    if (this.rows.size > this.limit) this.rows.delete(this.rows.keys().next().value!);
  }

  forget(id: number): void {
    this.rows.delete(id);
  }

  /** The known rows among `ids`, and the ids to read from the database. */
  lookUp(ids: readonly number[]): { known: Map<number, VersionedPosition>; unknown: number[] } {
    const known = new Map<number, VersionedPosition>();
    const unknown: number[] = [];
    const oldest = this.now() - this.maxAgeMs;
    for (const id of ids) {
      const entry = this.rows.get(id);
      if (entry && entry.at >= oldest) {
        known.set(id, { row: entry.row, version: entry.version });
        continue;
      }
      if (entry) this.rows.delete(id);
      unknown.push(id);
    }
    return { known, unknown };
  }
}

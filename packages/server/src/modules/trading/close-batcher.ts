import type { Database } from '../../db/client.js';
import type { PositionRow } from '../../db/schema.js';
import { allocateCloseIds, readPositions, writeCloses, type CloseIds, type CloseRows, type VersionedPosition } from './close-batch.repository.js';
import type { KnownPositions } from './known-positions.js';
import { BatchQueue, withRetries } from './batch-queue.js';
import type { RowVersion } from './order-batch.repository.js';

// Group commit for closes (issue 22), beside the order batcher: while one batch is in flight the
// next accumulates (batch-queue.ts). A batch takes its positions as this process last wrote them
// (known-positions.ts) or else reads them in one statement, decides every close in memory and
// writes them in one more; a close whose position changed in between is not applied and is made
// alone, under the row's lock, by the caller (so it gets exactly the answer it would have got).

/** A close's rows, and its position's row as the close leaves it. */
export interface BuiltClose {
  rows: CloseRows;
  after: PositionRow;
}

interface PendingClose {
  positionId: number;
  /** Two closes with the same idempotency key never share a batch. */
  dedupeKey: string | null;
  /** The close's rows, decided on the position as known or read; what it throws refuses this close only. */
  build(position: VersionedPosition | undefined, ids: CloseIds): Promise<BuiltClose>;
  /** The rows written, or null when the close was not applied and must be made alone. */
  resolve(rows: CloseRows | null): void;
  reject(error: unknown): void;
}

export class CloseBatcher {
  private readonly queue: BatchQueue<PendingClose>;
  private readonly ids: CloseIds[] = [];
  /**
   * For /metrics, the bench and tests: batches taken from the queue, statements that committed, closes they applied,
   * closes sent to be made alone, retries, and positions taken as known against those read.
   */
  readonly stats = { taken: 0, batches: 0, closes: 0, alone: 0, retries: 0, largest: 0, known: 0, read: 0 };

  constructor(
    private readonly db: Database,
    readonly known: KnownPositions,
    private readonly cap = 128,
    private readonly retries = 5,
  ) {
    // At most one close per position and per idempotency key in a batch.
    this.queue = new BatchQueue((item) => [item.positionId, item.dedupeKey], (batch, release) => this.send(batch, release), cap);
  }

  /** A position as a statement of this process left it (`version`: that statement's transaction id). */
  remember(row: PositionRow, version: RowVersion): void {
    this.known.remember(row, version);
  }

  /** Whether closes on `db` may go through this batcher: not inside a caller's open transaction. */
  accepts(db: Database): boolean {
    return db === this.db;
  }

  submit(positionId: number, dedupeKey: string | null, build: PendingClose['build']): Promise<CloseRows | null> {
    return new Promise<CloseRows | null>((resolve, reject) => this.queue.push({ positionId, dedupeKey, build, resolve, reject }));
  }

  private async send(batch: PendingClose[], release: () => void): Promise<void> {
    this.stats.taken += 1;
    const { known: positions, unknown } = this.known.lookUp(batch.map((item) => item.positionId));
    this.stats.known += positions.size;
    this.stats.read += unknown.length;
    try {
      if (unknown.length > 0) for (const [id, read] of await readPositions(this.db, unknown)) positions.set(id, read);
      if (this.ids.length < batch.length) this.ids.push(...(await allocateCloseIds(this.db, Math.max(this.cap, batch.length))));
    } catch {
      return this.alone(batch);
    }
    const built: Array<{ item: PendingClose; close: BuiltClose }> = [];
    for (const item of batch) {
      try {
        built.push({ item, close: await item.build(positions.get(item.positionId), this.ids.shift()!) });
      } catch (error) {
        item.reject(error);
      }
    }
    if (built.length > 0) await this.run(built, release);
  }

  private async run(built: Array<{ item: PendingClose; close: BuiltClose }>, committed: () => void): Promise<void> {
    let written: Awaited<ReturnType<typeof writeCloses>>;
    try {
      written = await withRetries(() => writeCloses(this.db, built.map((b) => b.close.rows)), this.retries, () => (this.stats.retries += 1));
    } catch {
      // Whatever refused the statement (a key used before, a CHECK) is judged close by close, alone.
      return this.alone(built.map((b) => b.item));
    }
    const { applied, version } = written;
    this.stats.batches += 1;
    this.stats.closes += applied.size;
    this.stats.largest = Math.max(this.stats.largest, applied.size);
    for (const { item, close } of built) {
      if (applied.has(item.positionId) && version !== null) {
        this.known.remember(close.after, version);
        item.resolve(close.rows);
      } else {
        // Changed by another path or process since this process wrote or read it: made alone, under its lock.
        this.known.forget(item.positionId);
        this.alone([item]);
      }
    }
    // After the known positions are updated, so the next batch decides on what this one wrote.
    committed();
  }

  private alone(items: readonly PendingClose[]): void {
    this.stats.alone += items.length;
    for (const item of items) item.resolve(null);
  }
}

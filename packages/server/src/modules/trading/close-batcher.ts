import type { Database } from '../../db/client.js';
import { isRetryable } from '../ledger/index.js';
import { allocateCloseIds, readPositions, writeCloses, type CloseIds, type CloseRows, type VersionedPosition } from './close-batch.repository.js';

// Group commit for closes (issue 22), beside the order batcher: while one batch is in flight the
// next accumulates. A batch reads its positions in one statement, decides every close in memory
// and writes them in one more; a close whose position changed in between is not applied and is
// made alone, under the row's lock, by the caller (so it gets exactly the answer it would have got).

interface PendingClose {
  positionId: number;
  /** Two closes with the same idempotency key never share a batch. */
  dedupeKey: string | null;
  /** The close's rows, decided on the position as read; what it throws refuses this close only. */
  build(position: VersionedPosition | undefined, ids: CloseIds): Promise<CloseRows>;
  /** The rows written, or null when the close was not applied and must be made alone. */
  resolve(rows: CloseRows | null): void;
  reject(error: unknown): void;
}

export class CloseBatcher {
  private readonly queue: PendingClose[] = [];
  private readonly ids: CloseIds[] = [];
  private scheduled = false;
  private inFlight = false;
  /** For /metrics, the bench and tests: statements that committed, closes they applied, closes sent to be made alone, retries. */
  readonly stats = { batches: 0, closes: 0, alone: 0, retries: 0, largest: 0 };

  constructor(
    private readonly db: Database,
    private readonly cap = 128,
    private readonly retries = 5,
  ) {}

  /** Whether closes on `db` may go through this batcher: not inside a caller's open transaction. */
  accepts(db: Database): boolean {
    return db === this.db;
  }

  submit(positionId: number, dedupeKey: string | null, build: PendingClose['build']): Promise<CloseRows | null> {
    return new Promise<CloseRows | null>((resolve, reject) => {
      this.queue.push({ positionId, dedupeKey, build, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // After the current I/O callbacks, so requests that arrived together leave together.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight || this.queue.length === 0) return;
      this.inFlight = true;
      void this.send(this.take()).finally(() => {
        this.inFlight = false;
        this.schedule();
      });
    });
  }

  /** Up to `cap` closes, at most one per position and per idempotency key (the rest wait for the next batch). */
  private take(): PendingClose[] {
    const batch: PendingClose[] = [];
    const positions = new Set<number>();
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.cap; ) {
      const item = this.queue[i]!;
      if (positions.has(item.positionId) || (item.dedupeKey !== null && keys.has(item.dedupeKey))) {
        i += 1;
        continue;
      }
      positions.add(item.positionId);
      if (item.dedupeKey !== null) keys.add(item.dedupeKey);
      batch.push(item);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async send(batch: PendingClose[]): Promise<void> {
    let read: Awaited<ReturnType<typeof readPositions>>;
    try {
      read = await readPositions(this.db, batch.map((item) => item.positionId));
      if (this.ids.length < batch.length) this.ids.push(...(await allocateCloseIds(this.db, Math.max(this.cap, batch.length))));
    } catch {
      return this.alone(batch);
    }
    const built: Array<{ item: PendingClose; rows: CloseRows }> = [];
    for (const item of batch) {
      try {
        built.push({ item, rows: await item.build(read.get(item.positionId), this.ids.shift()!) });
      } catch (error) {
        item.reject(error);
      }
    }
    if (built.length > 0) await this.run(built);
  }

  private async run(built: Array<{ item: PendingClose; rows: CloseRows }>, attempt = 1): Promise<void> {
    let applied: Set<number>;
    try {
      applied = await writeCloses(this.db, built.map((b) => b.rows));
    } catch (error) {
      if (isRetryable(error) && attempt < this.retries) {
        this.stats.retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
        return this.run(built, attempt + 1);
      }
      // Whatever refused the statement (a key used before, a CHECK) is judged close by close, alone.
      return this.alone(built.map((b) => b.item));
    }
    this.stats.batches += 1;
    this.stats.closes += applied.size;
    this.stats.largest = Math.max(this.stats.largest, applied.size);
    for (const { item, rows } of built) {
      if (applied.has(item.positionId)) item.resolve(rows);
      else this.alone([item]);
    }
  }

  private alone(items: readonly PendingClose[]): void {
    this.stats.alone += items.length;
    for (const item of items) item.resolve(null);
  }
}

import type { Database } from '../../db/client.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import { BatchQueue, withRetries } from './batch-queue.js';
import { allocateFillIds, readOrders, writeFills, type FillIds, type FillRows, type VersionedOrder } from './fill-batch.repository.js';
import type { RowVersion } from './order-batch.repository.js';

// Group commit for the engine's fills of resting orders (issue 22), beside the order and close batchers: while one
// batch is in flight the next accumulates (batch-queue.ts). A batch reads its orders with their row versions in one
// statement, decides every fill in memory and writes them in one more; a fill whose order changed in between is not
// applied, and is decided alone, under the order's lock, by the caller.

/** A fill's rows, and its order and position as the fill leaves them. */
export interface BuiltFill {
  rows: FillRows;
  order: OrderRow;
  position: PositionRow;
}

interface PendingFill {
  orderId: number;
  /** The fill's rows, decided on the order as read; what it throws leaves this fill to be decided alone. */
  build(order: VersionedOrder | undefined, ids: FillIds): Promise<BuiltFill>;
  /** The fill as written and the version its statement left, or null when it must be decided alone. */
  resolve(written: { fill: BuiltFill; version: RowVersion } | null): void;
}

export class FillBatcher {
  private readonly queue: BatchQueue<PendingFill>;
  private readonly ids: FillIds[] = [];
  /** For /metrics, the benches and tests: statements committed, fills applied, fills left to be decided alone, retries, the largest batch. */
  readonly stats = { batches: 0, fills: 0, alone: 0, retries: 0, largest: 0 };

  constructor(
    private readonly db: Database,
    private readonly cap = 128,
    private readonly retries = 5,
  ) {
    // At most one fill per order in a batch; the next batch goes once this one's statement has settled.
    this.queue = new BatchQueue((item) => [item.orderId], (batch) => this.send(batch), cap);
  }

  /** Whether fills on `db` may go through this batcher: not inside a caller's open transaction. */
  accepts(db: Database): boolean {
    return db === this.db;
  }

  submit(orderId: number, build: PendingFill['build']): Promise<{ fill: BuiltFill; version: RowVersion } | null> {
    return new Promise((resolve) => this.queue.push({ orderId, build, resolve }));
  }

  private async send(batch: PendingFill[]): Promise<void> {
    let read: Map<number, VersionedOrder>;
    try {
      read = await readOrders(this.db, batch.map((item) => item.orderId));
      if (this.ids.length < batch.length) this.ids.push(...(await allocateFillIds(this.db, Math.max(this.cap, batch.length))));
    } catch {
      return this.alone(batch);
    }
    const built: Array<{ item: PendingFill; fill: BuiltFill }> = [];
    for (const item of batch) {
      try {
        built.push({ item, fill: await item.build(read.get(item.orderId), this.ids.shift()!) });
      } catch {
        this.alone([item]);
      }
    }
    if (built.length > 0) await this.run(built);
  }

  private async run(built: Array<{ item: PendingFill; fill: BuiltFill }>): Promise<void> {
    let written: Awaited<ReturnType<typeof writeFills>>;
    try {
      written = await withRetries(() => writeFills(this.db, built.map((b) => b.fill.rows)), this.retries, () => (this.stats.retries += 1));
    } catch {
      // Whatever refused the statement (a CHECK, a lock timeout) is judged fill by fill, alone.
      return this.alone(built.map((b) => b.item));
    }
    const { applied, version } = written;
    this.stats.batches += 1;
    this.stats.fills += applied.size;
    this.stats.largest = Math.max(this.stats.largest, applied.size);
    for (const { item, fill } of built) {
      if (applied.has(item.orderId) && version !== null) item.resolve({ fill, version });
      else this.alone([item]);
    }
  }

  private alone(items: readonly PendingFill[]): void {
    this.stats.alone += items.length;
    for (const item of items) item.resolve(null);
  }
}

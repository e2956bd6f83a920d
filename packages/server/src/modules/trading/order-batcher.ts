import { fixedRunner, type Database, type FixedRunner } from '../../db/client.js';
import { isRetryable } from '../ledger/index.js';
import { allocateIds, orderWriteJson, writeOrders, type OrderIds, type OrderWrite, type OrderWriteJson, type RowVersion } from './order-batch.repository.js';

// Group commit for orders (issue 22): while one batch's statement is in flight the next
// accumulates; when idle an order goes out at once. The database stays the judge: a batch is one
// statement, so it commits whole or not at all, and a batch that fails is split in halves until
// the orders that fail are alone and get the answer they would have got by themselves.
// An order's rows are built and serialised as it is submitted, while ids taken ahead last, so that
// between one statement's commit and the next one's send the database waits only for a string join.

interface Pending {
  /** Builds the order's rows once its ids are known; what it throws refuses this order only. */
  build(ids: OrderIds): OrderWrite;
  /** Two orders with the same dedupe key never share a batch (an idempotency key used twice). */
  dedupeKey: string | null;
  resolve(written: WrittenOrder): void;
  reject(error: unknown): void;
  write?: OrderWrite;
  json?: OrderWriteJson;
}

/** An order's rows as committed, and the row version its statement left on them. */
export interface WrittenOrder {
  write: OrderWrite;
  version: RowVersion;
}

export interface OrderBatcherOptions {
  /** Most orders in one statement. */
  cap?: number;
  /**
   * Batches whose statements may be in flight at once: each on its own pooled connection, or, with `pipeline`, queued
   * one behind the other on that one connection (default 1; 2 with a pipeline).
   */
  inFlight?: number;
  /**
   * A connection that pipelines statements (PostgreSQL's, `DatabaseHandle.pipeline`). The next batch is sent while one
   * executes, so the database starts it the moment the first commits instead of waiting for this process to read the
   * commit and answer; it goes only once `overlapAt` orders are waiting, so batches stay large.
   */
  pipeline?: FixedRunner;
  /** Orders that must be waiting before a batch is sent while another is in flight (default 4 with a pipeline, else 1). */
  overlapAt?: number;
  /** Attempts of a batch that hit a serialization failure or deadlock before it is split. */
  retries?: number;
}

export class OrderBatcher {
  private readonly queue: Pending[] = [];
  private readonly ids: OrderIds[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly overlapAt: number;
  /** The batch statement's runner: the pipeline when there is one, else the pool (or PGlite). */
  private readonly write: FixedRunner;
  private readonly cap: number;
  private readonly retries: number;
  /**
   * For /metrics and tests: batches taken from the queue, statements that committed, the orders they wrote,
   * batches split and retried, the largest batch, and the sizes of recent batches as taken and as committed.
   */
  readonly stats = { taken: 0, batches: 0, orders: 0, splits: 0, retries: 0, largest: 0, recentTaken: [] as number[], recentSizes: [] as number[] };

  constructor(
    private readonly db: Database,
    options: OrderBatcherOptions = {},
  ) {
    this.cap = options.cap ?? 256;
    this.retries = options.retries ?? 5;
    const pipelined = options.pipeline !== undefined;
    this.write = options.pipeline ?? fixedRunner(db);
    this.maxInFlight = options.inFlight ?? (pipelined ? 2 : 1);
    this.overlapAt = options.overlapAt ?? (pipelined ? 4 : 1);
  }

  /** Whether orders on `db` may go through this batcher: not inside a caller's open transaction. */
  accepts(db: Database): boolean {
    return db === this.db;
  }

  /** Resolves with the order's rows once the statement that wrote them committed. */
  submit(build: Pending['build'], dedupeKey: string | null): Promise<WrittenOrder> {
    return new Promise<WrittenOrder>((resolve, reject) => {
      const item: Pending = { build, dedupeKey, resolve, reject };
      if (this.ids.length > 0 && !this.built(item)) return;
      this.queue.push(item);
      this.schedule();
    });
  }

  /** Whether a batch may go out now: a slot is free, and, while another is in flight, enough orders wait. */
  private mayStart(): boolean {
    return this.inFlight < this.maxInFlight && this.queue.length > 0 && (this.inFlight === 0 || this.queue.length >= this.overlapAt);
  }

  private schedule(): void {
    if (this.scheduled || !this.mayStart()) return;
    this.scheduled = true;
    // After the current I/O callbacks, so requests that arrived together leave together.
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.mayStart()) {
      const batch = this.take();
      this.stats.taken += 1;
      remember(this.stats.recentTaken, batch.length);
      this.inFlight += 1;
      let released = false;
      // The slot is given back as soon as the statement has committed, before its orders' callers resume, so the
      // next statement is on its way while they answer (the database would otherwise wait for them).
      const release = () => {
        if (released) return;
        released = true;
        this.inFlight -= 1;
        this.startBatches();
      };
      void this.send(batch, release).finally(release);
    }
  }

  private async send(batch: Pending[], release: () => void): Promise<void> {
    try {
      await this.assignIds(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    const built = batch.filter((item) => item.json !== undefined || this.built(item));
    if (built.length > 0) await this.run(built, 1, release);
  }

  /** Builds the item's rows with the next ids; false (and the item refused) if its build throws. */
  private built(item: Pending): boolean {
    try {
      item.write = item.build(this.ids.shift()!);
      item.json = orderWriteJson(item.write);
      return true;
    } catch (error) {
      item.reject(error);
      return false;
    }
  }

  private take(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.cap; ) {
      const item = this.queue[i]!;
      if (item.dedupeKey !== null && keys.has(item.dedupeKey)) {
        i += 1;
        continue;
      }
      if (item.dedupeKey !== null) keys.add(item.dedupeKey);
      batch.push(item);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async assignIds(batch: readonly Pending[]): Promise<void> {
    const unbuilt = batch.filter((item) => item.json === undefined).length;
    if (this.ids.length >= unbuilt) return;
    this.ids.push(...(await allocateIds(this.db, Math.max(this.cap * 2, unbuilt))));
  }

  /** One statement for `batch`; on failure a retry (serialization, deadlock) or two halves. */
  private async run(batch: Pending[], attempt = 1, committed?: () => void): Promise<void> {
    let version: RowVersion;
    try {
      ({ version } = await writeOrders(
        this.write,
        batch.map((item) => item.json!),
      ));
    } catch (error) {
      if (isRetryable(error) && attempt < this.retries) {
        this.stats.retries += 1;
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
        return this.run(batch, attempt + 1, committed);
      }
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      this.stats.splits += 1;
      const half = Math.ceil(batch.length / 2);
      await this.run(batch.slice(0, half));
      await this.run(batch.slice(half));
      return;
    }
    this.stats.batches += 1;
    this.stats.orders += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    remember(this.stats.recentSizes, batch.length);
    committed?.();
    for (const item of batch) item.resolve({ write: item.write!, version });
  }
}

function remember(sizes: number[], size: number): void {
  sizes.push(size);
  if (sizes.length > 1000) sizes.splice(0, 500);
}

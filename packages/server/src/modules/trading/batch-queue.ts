import { isRetryable } from '../ledger/index.js';

// The queue of a group-commit batcher (closes, the engine's fills): while one batch is in flight the next gathers,
// and goes out once the one before has committed. A batch takes up to `cap` items, no two with a key in common (the
// rest wait for the next batch).

export class BatchQueue<T> {
  private readonly items: T[] = [];
  private scheduled = false;
  private inFlight = false;

  constructor(
    /** The keys no two items of one batch may share (a position, an order, an idempotency key; null: none). */
    private readonly keysOf: (item: T) => ReadonlyArray<string | number | null>,
    /** Writes a batch; `release` lets the next batch go before this one's callers resume (else it goes once `send` settles). */
    private readonly send: (batch: T[], release: () => void) => Promise<void>,
    private readonly cap: number,
  ) {}

  push(item: T): void {
    this.items.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight || this.items.length === 0) return;
    this.scheduled = true;
    // After the current I/O callbacks, so requests (or a tick's actions) that arrived together leave together.
    setImmediate(() => {
      this.scheduled = false;
      this.startBatch();
    });
  }

  private startBatch(): void {
    if (this.inFlight || this.items.length === 0) return;
    this.inFlight = true;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight = false;
      this.startBatch();
    };
    void this.send(this.take(), release).finally(release);
  }

  private take(): T[] {
    const batch: T[] = [];
    const taken = new Set<string | number>();
    for (let i = 0; i < this.items.length && batch.length < this.cap; ) {
      const item = this.items[i]!;
      const keys = this.keysOf(item).filter((key) => key !== null);
      if (keys.some((key) => taken.has(key))) {
        i += 1;
        continue;
      }
      for (const key of keys) taken.add(key);
      batch.push(item);
      this.items.splice(i, 1);
    }
    return batch;
  }
}

/**
 * Runs a batch's statement, again after a short random wait while it fails with a serialization failure or deadlock,
 * `attempts` times at most (`onRetry` counts each retry); any other failure, or the last, is thrown.
 */
export async function withRetries<T>(write: () => Promise<T>, attempts: number, onRetry: () => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error;
      onRetry();
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt * Math.random()));
    }
  }
}

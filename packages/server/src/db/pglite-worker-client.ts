import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The server's PGlite database, run in a worker thread (db/pglite.worker.ts). PGlite is PostgreSQL compiled to
 * WebAssembly and runs every statement synchronously on the thread that calls it: in the server's own thread it
 * took ~60 % of the event loop under the order bench, so HTTP, websockets and timers waited behind each statement
 * (issue 22). Here it takes a thread of its own; a request is one message each way.
 *
 * Implements what drizzle's PGlite driver and the server call: `query`, `exec`, `transaction`, `close`.
 */

export interface PgliteWorkerInput {
  /** PGlite's data directory, or undefined for an in-memory database. */
  dataDir: string | undefined;
}

export type PgliteRequest =
  | {
      id: number;
      kind: 'query';
      tx: number | null;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types the caller parses itself (its parsers are functions): the worker sends their text. */
      rawTypes: number[];
      paramTypes?: number[];
    }
  | { id: number; kind: 'exec'; tx: number | null; sql: string }
  | { id: number; kind: 'begin' | 'commit' | 'rollback'; tx: number }
  | { id: number; kind: 'close' };

/** The primitive own properties of an error thrown in the worker: PostgreSQL's code, constraint, detail... */
export type WorkerErrorFields = { message: string } & Record<string, string | number | boolean | null>;

/** Answer to request `id`; id 0 is the worker's start (ready, or why PGlite could not open). */
export type PgliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerErrorFields };

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/** A transaction as drizzle and `runScript` use it. */
export type WorkerTransaction = Pick<Transaction, 'query' | 'exec' | 'rollback' | 'closed'>;

function workerError(fields: WorkerErrorFields): Error {
  return Object.assign(new Error(fields.message), fields);
}

/** The compiled server has dist/pglite-worker.js next to its chunks; the sources run the worker under tsx. */
function startWorker(input: PgliteWorkerInput): Worker {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return new Worker(path.join(path.dirname(here), 'pglite-worker.js'), { workerData: input });
  const source = new URL('./pglite.worker.ts', import.meta.url).href;
  // As in market/feed/history-pool.ts: `execArgv: ['--import', 'tsx']` does not reach a worker's module loader.
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { eval: true, workerData: input });
}

export class PgliteWorkerClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTransaction = 1;
  /** Why no request can be answered any more (closed, or the worker stopped). */
  private stopped: Error | undefined;
  private readonly lostListeners: Array<(reason: Error) => void> = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: PgliteReply) => this.settle(reply));
    worker.once('error', (error) => this.lose(new Error(`the PGlite worker thread failed: ${error.message}`, { cause: error })));
    worker.once('exit', (code) => this.lose(new Error(`the PGlite worker thread stopped (exit ${code})`)));
  }

  /**
   * Calls `listener` once if the worker stops without being closed: the database is gone for good, since the
   * thread held it, so the server exits and its supervisor starts it again (main.ts).
   */
  onLost(listener: (reason: Error) => void): void {
    this.lostListeners.push(listener);
  }

  /** Opens the database in `dataDir` (an existing cluster: db/pglite-cluster.ts), or in memory when undefined. */
  static async open(dataDir: string | undefined): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(startWorker({ dataDir }));
    try {
      await client.request(0, () => undefined);
    } catch (error) {
      await client.worker.terminate();
      throw new Error(`opening PGlite${dataDir ? ` in ${dataDir}` : ' in memory'} failed: ${(error as Error).message}`, { cause: error });
    }
    return client;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(null, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.send({ kind: 'exec', tx: null, sql }) as Promise<Results[]>;
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.nextTransaction++;
    await this.send({ kind: 'begin', tx: id });
    let closed = false;
    const tx: WorkerTransaction = {
      query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => this.runQuery<R>(id, sql, params, options),
      exec: (sql: string) => this.send({ kind: 'exec', tx: id, sql }) as Promise<Results[]>,
      rollback: async () => {
        closed = true;
        await this.send({ kind: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.send({ kind: 'rollback', tx: id }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.send({ kind: 'commit', tx: id });
    }
    return result;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ kind: 'close' });
    this.stop(new Error('the PGlite database is closed'));
    await this.worker.terminate();
  }

  private async runQuery<T>(tx: number | null, sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    if (options?.serializers || options?.blob || options?.onNotice) throw new Error('PGlite worker queries take no serializers, blob or onNotice');
    const parsers = options?.parsers ?? {};
    const rowMode = options?.rowMode ?? 'object';
    const rawTypes = Object.keys(parsers).map(Number);
    const result = (await this.send({ kind: 'query', tx, sql, params, rowMode, rawTypes, ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}) })) as Results<T>;
    if (rawTypes.length > 0) parseRaw(result, parsers, rowMode);
    return result;
  }

  private send(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<unknown> {
    const id = this.nextId++;
    return this.request(id, () => this.worker.postMessage({ ...request, id }));
  }

  private request(id: number, post: () => void): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    return new Promise((resolve, reject) => {
      // The worker keeps the process alive only while it owes an answer.
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      post();
    });
  }

  private settle(reply: PgliteReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(workerError(reply.error));
  }

  private lose(reason: Error): void {
    if (this.stopped) return;
    this.stop(reason);
    for (const listener of this.lostListeners) listener(reason);
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Applies the caller's parsers to the columns of their types, as PGlite does in its own thread (nulls stay null). */
function parseRaw(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: 'array' | 'object'): void {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Array<Record<string | number, unknown>>) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string);
    }
  });
}

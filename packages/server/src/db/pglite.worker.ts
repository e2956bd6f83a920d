/**
 * The worker thread that holds the server's PGlite database (db/pglite-worker-client.ts). PostgreSQL, compiled
 * to WebAssembly, runs here instead of on the server's event loop; requests arrive as messages and each gets one
 * answer. PGlite's own locks order them as they would in one thread: a query waits while a transaction is open.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { PgliteReply, PgliteRequest, PgliteWorkerInput, WorkerErrorFields } from './pglite-worker-client.js';
import { pgliteStartParams } from './pglite-start-params.js';

if (!parentPort) throw new Error('pglite.worker runs as a worker thread (db/pglite-worker-client.ts)');
const port = parentPort;
const { dataDir } = workerData as PgliteWorkerInput;

/** What a rolled-back transaction's callback is rejected with, so PGlite rolls it back. */
const ROLLBACK = new Error('rolled back by the caller');

interface OpenTransaction {
  tx: Transaction;
  settle(commit: boolean): void;
  /** PGlite's transaction call: resolves once COMMIT or ROLLBACK has run. */
  ended: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const asText = (value: string) => value;

function errorFields(error: unknown): WorkerErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: WorkerErrorFields = { message: error.message, name: error.name };
  // PostgreSQL's fields (code, constraint, detail, table...) are own properties of PGlite's DatabaseError.
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return fields;
}

function transaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id} in the PGlite worker`);
  return open;
}

/** Starts a transaction and holds it open until its commit or rollback message. */
function begin(client: PGlite, id: number): Promise<void> {
  return new Promise<void>((started, failed) => {
    // PGlite calls this callback once it holds its transaction lock, after `ended` is assigned.
    const ended = client.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          transactions.set(id, { tx, settle: (doCommit) => (doCommit ? commit() : rollback(ROLLBACK)), ended });
          started();
        }),
    );
    ended.catch(failed);
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transaction(id);
  transactions.delete(id);
  open.settle(commit);
  try {
    await open.ended;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function answer(client: PGlite, request: PgliteRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query': {
      const target = request.tx === null ? client : transaction(request.tx).tx;
      // The caller's parsers are functions, which cannot cross threads: those types come back as text and the
      // caller's side parses them, as PGlite would have (db/pglite-worker-client.ts).
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, asText]));
      const options: QueryOptions = { rowMode: request.rowMode, parsers, ...(request.paramTypes ? { paramTypes: request.paramTypes } : {}) };
      return target.query(request.sql, request.params, options);
    }
    case 'exec': {
      const target = request.tx === null ? client : transaction(request.tx).tx;
      return target.exec(request.sql);
    }
    case 'begin':
      return begin(client, request.tx);
    case 'commit':
      return end(request.tx, true);
    case 'rollback':
      return end(request.tx, false);
    case 'close':
      return client.close();
    default: {
      const unknown: never = request;
      throw new Error(`unknown PGlite worker request ${JSON.stringify(unknown)}`);
    }
  }
}

try {
  const client = new PGlite(dataDir, { startParams: pgliteStartParams });
  await client.waitReady;
  port.on('message', (request: PgliteRequest) => {
    answer(client, request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies PgliteReply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: errorFields(error) } satisfies PgliteReply),
    );
  });
  port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies PgliteReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: errorFields(error) } satisfies PgliteReply);
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { SoleProcessLock, type LeaderLock } from '../cluster/leader-lock.js';
import { initPgliteCluster } from './pglite-cluster.js';
import { PgliteWorkerClient } from './pglite-worker-client.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Database;
  /** Runs a multi-statement SQL script in one transaction under a migration lock. */
  runScript(sql: string, lockKey: number): Promise<void>;
  /** The lock that decides which process runs the singletons (cluster/leadership.ts). */
  leaderLock(key: number, onConnectionError: (error: Error) => void): LeaderLock;
  close(): Promise<void>;
  /**
   * PGlite only: calls `listener` if the database stops for good without being closed (its worker thread died).
   * PostgreSQL's pool instead reconnects by itself.
   */
  onLost?(listener: (reason: Error) => void): void;
  /**
   * PostgreSQL only: runs fixed statements on one connection of its own that pipelines them, each sent without
   * waiting for the one before to answer, so PostgreSQL starts the next the moment one commits (the order batcher's).
   */
  pipeline?: FixedRunner;
  /** PostgreSQL only: the connection pool's counts, for /metrics (PGlite is one connection, in a worker thread). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite; `memory://` for an in-memory database. */
  dataDir: string;
  poolSize?: number;
}

/** pg's pool class, once a PostgreSQL database was opened (runFixed tells the two drivers apart with it). */
let PgPool: typeof pg.Pool | undefined;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.databaseUrl) return openPglite(options.dataDir);
  // pg and drizzle's node-postgres driver are loaded only for PostgreSQL: on PGlite they are ~3 MB of idle heap (issue 24).
  const { openPostgres, Pool } = await import('./postgres-client.js');
  PgPool = Pool;
  return openPostgres(options.databaseUrl, options.poolSize ?? 10);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) {
    await fs.mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    await initPgliteCluster(dataDir);
  }
  const client = await PgliteWorkerClient.open(inMemory ? undefined : dataDir);
  return {
    kind: 'pglite',
    // Drizzle's PGlite driver calls only query and transaction, which the worker client answers as PGlite does.
    db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Database,
    async runScript(sql) {
      // PGlite is a single connection, so no lock is needed to keep migrations serial.
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    leaderLock: () => new SoleProcessLock(),
    close: () => client.close(),
    onLost: (listener) => client.onLost(listener),
  };
}

/** Raw SQL for reports and audits; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A query whose text never changes, by name: PostgreSQL parses and plans it once per connection. */
export interface FixedQuery {
  name: string;
  text: string;
}

/** Runs a fixed query and answers its rows: `fixedRunner(db)`, or a handle's `pipeline`. */
export type FixedRunner = <T>(query: FixedQuery, values: unknown[]) => Promise<T[]>;

/** `runFixed` on `db` as a runner, for code that takes a handle's `pipeline` where there is one. */
export const fixedRunner =
  (db: Database): FixedRunner =>
  <T>(query: FixedQuery, values: unknown[]) =>
    runFixed<T>(db, query, values);

/**
 * Runs a fixed query outside any transaction (a single statement is atomic by itself). On
 * PostgreSQL it is a named prepared statement (pg keeps it per pooled connection), so neither
 * drizzle nor the server rebuild or re-plan it per call; PGlite, one connection, runs
 * it as is (in its worker thread).
 */
export async function runFixed<T>(db: Database, query: FixedQuery, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (PgPool && client instanceof PgPool) {
    const result = await client.query({ name: query.name, text: query.text, values });
    return result.rows as T[];
  }
  if (client instanceof PgliteWorkerClient) {
    const result = await client.query<T>(query.text, values);
    return result.rows;
  }
  throw new Error(`runFixed needs the root database handle, not a transaction (${query.name})`);
}

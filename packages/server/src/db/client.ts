import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { AdvisoryLock, SoleProcessLock, type LeaderLock } from '../cluster/leader-lock.js';
import { initPgliteCluster } from './pglite-cluster.js';
import { pgliteStartParams } from './pglite-start-params.js';
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
  /** PostgreSQL only: the connection pool's counts, for /metrics (PGlite is one in-process connection). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite; `memory://` for an in-memory database. */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Idle clients can error when the server restarts; the pool replaces them.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    db: drizzleNodePg(pool, { schema }) as unknown as Database,
    async runScript(sql, lockKey) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    leaderLock: (key, onConnectionError) => new AdvisoryLock(url, key, onConnectionError),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) {
    await fs.mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    await initPgliteCluster(dataDir);
  }
  const client = new PGlite(inMemory ? undefined : dataDir, { startParams: pgliteStartParams });
  await client.waitReady;
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Database,
    async runScript(sql) {
      // PGlite is a single connection, so no lock is needed to keep migrations serial.
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    leaderLock: () => new SoleProcessLock(),
    close: () => client.close(),
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

/**
 * Runs a fixed query outside any transaction (a single statement is atomic by itself). On
 * PostgreSQL it is a named prepared statement (pg keeps it per pooled connection), so neither
 * drizzle nor the server rebuild or re-plan it per call; PGlite, one in-process connection, runs
 * it as is.
 */
export async function runFixed<T>(db: Database, query: FixedQuery, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: query.name, text: query.text, values });
    return result.rows as T[];
  }
  if (client instanceof PGlite) {
    const result = await client.query<T>(query.text, values);
    return result.rows;
  }
  throw new Error(`runFixed needs the root database handle, not a transaction (${query.name})`);
}

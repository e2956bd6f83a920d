import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import postgres from 'postgres';
import { AdvisoryLock } from '../cluster/leader-lock.js';
import type { Database, DatabaseHandle, FixedQuery } from './client.js';
import * as schema from './schema.js';

// Imported by client.ts only when DATABASE_URL is set, so a PGlite server never loads pg.

export const Pool = pg.Pool;

export async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Idle clients can error when the server restarts; the pool replaces them.
  pool.on('error', () => undefined);
  const probe = await pool.connect();
  probe.release();
  // pg sends a client's next query only after the last one answered; this driver pipelines them (issue 22).
  const pipelined = postgres(url, { max: 1, prepare: true, fetch_types: false, onnotice: () => undefined });
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
    pipeline: async <T>(query: FixedQuery, values: unknown[]) => (await pipelined.unsafe(query.text, values as never[], { prepare: true })) as unknown as T[],
    close: async () => {
      await Promise.all([pool.end(), pipelined.end()]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

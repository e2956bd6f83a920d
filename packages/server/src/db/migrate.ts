import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.js';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK_KEY = 7_246_001;

/**
 * Applies every SQL file in ./migrations not yet applied, in name order, each in its own
 * transaction. `upTo` stops after that version: a test builds a database as an older release left it.
 */
export async function migrate(handle: DatabaseHandle, options: { upTo?: string } = {}): Promise<string[]> {
  await handle.runScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version TEXT PRIMARY KEY,
       applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
     );`,
    MIGRATION_LOCK_KEY,
  );
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && (options.upTo === undefined || f.replace(/\.sql$/, '') <= options.upTo)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (await isApplied(handle, version)) continue;
    const script = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    // The guard inside the transaction makes a concurrent start by another process a no-op.
    await handle.runScript(
      `DO $$ BEGIN
         IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = '${version}') THEN
           RAISE EXCEPTION 'already applied' USING ERRCODE = 'P0001';
         END IF;
       END $$;
       ${script}
       INSERT INTO schema_migrations (version) VALUES ('${version}');`,
      MIGRATION_LOCK_KEY,
    ).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes('already applied')) return;
      throw error;
    });
    applied.push(version);
  }
  return applied;
}

async function isApplied(handle: DatabaseHandle, version: string): Promise<boolean> {
  const result = await handle.db.execute(sql`SELECT 1 FROM schema_migrations WHERE version = ${version}`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** The cheapest round trip: rejects when the database does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

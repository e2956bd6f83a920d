import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export async function insertOutboxMessage(db: Database, values: typeof emailOutbox.$inferInsert): Promise<void> {
  await db.insert(emailOutbox).values(values);
}

export async function listOutbox(db: Database, filter: { to?: string | undefined; limit: number }) {
  const query = db.select().from(emailOutbox);
  const filtered = filter.to ? query.where(eq(emailOutbox.toAddress, filter.to.toLowerCase())) : query;
  return filtered.orderBy(desc(emailOutbox.id)).limit(filter.limit);
}

import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

export async function insertAuditEntry(db: Database, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

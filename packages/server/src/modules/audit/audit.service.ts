import type { Database } from '../../db/client.js';
import { insertAuditEntry } from './audit.repository.js';

export async function audit(
  db: Database,
  entry: { actorUserId: number; action: string; subject?: string; detail?: Record<string, unknown>; ip: string },
  now: Date,
): Promise<void> {
  await insertAuditEntry(db, { ...entry, subject: entry.subject ?? '', detail: entry.detail ?? {}, createdAt: now });
}

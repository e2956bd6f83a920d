import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertOutboxMessage(db: Database, values: typeof emailOutbox.$inferInsert): Promise<number> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

export async function listOutbox(db: Database, filter: { to?: string | undefined; limit: number }) {
  const query = db.select().from(emailOutbox);
  const filtered = filter.to ? query.where(eq(emailOutbox.toAddress, filter.to.toLowerCase())) : query;
  return filtered.orderBy(desc(emailOutbox.id)).limit(filter.limit);
}

/**
 * Takes up to `limit` pending mails that are due and pushes their next attempt `leaseMs` ahead, so a second
 * sender (a leader that has not yet noticed it lost its lock) skips them instead of sending them twice.
 */
export async function claimDueMail(db: Database, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const ids = await queryRows<{ id: string | number }>(
    db,
    sql`UPDATE email_outbox SET next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}
        WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}
                     ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (ids.length === 0) return [];
  const rows = await db.select().from(emailOutbox).where(sql`${emailOutbox.id} IN (${sql.join(ids.map((r) => sql`${Number(r.id)}`), sql`, `)})`);
  return rows.sort((a, b) => a.id - b.id);
}

/** Delivered: the code is blanked out of the stored copy, since only the recipient's mailbox should hold it. */
export async function markMailSent(db: Database, row: OutboxRow, now: Date): Promise<void> {
  const mask = (text: string | null) => (text !== null && row.code ? text.replaceAll(row.code, '······') : text);
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, attempts: row.attempts + 1, body: mask(row.body) ?? '', html: mask(row.html), code: null, nextAttemptAt: null, lastError: null })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending')));
}

export async function markMailAttemptFailed(db: Database, row: OutboxRow, error: string, next: Date | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set(next ? { attempts: row.attempts + 1, lastError: error, nextAttemptAt: next } : { attempts: row.attempts + 1, lastError: error, status: 'failed', code: null, nextAttemptAt: null })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending')));
}

export async function countOutboxByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; count: string | number }>(db, sql`SELECT status, count(*) AS count FROM email_outbox GROUP BY status`);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

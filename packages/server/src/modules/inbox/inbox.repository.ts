import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userMessages, users } from '../../db/schema.js';
import type { MessageParams } from '../../i18n/messages.js';

export type MessageRow = typeof userMessages.$inferSelect;

export type NewMessage = Pick<typeof userMessages.$inferInsert, 'userId' | 'title' | 'body' | 'createdAt' | 'titleKey' | 'bodyKey' | 'textParams'>;

export async function insertMessage(tx: Database, values: NewMessage): Promise<MessageRow> {
  const [row] = await tx.insert(userMessages).values(values).returning();
  return row!;
}

/**
 * One copy of the message for every customer account, written by a single INSERT … SELECT inside
 * the caller's transaction: every user gets it exactly once, or (on rollback) nobody does.
 */
export async function insertMessageForEveryUser(tx: Database, values: { title: string; body: string; createdAt: Date }): Promise<MessageRow[]> {
  const everyUser = tx
    .select({
      // drizzle's INSERT … SELECT wants every column in table order, the serial id included.
      id: sql<number>`nextval(pg_get_serial_sequence('user_messages', 'id'))`.as('id'),
      userId: users.id,
      title: sql<string>`${values.title}`.as('title'),
      body: sql<string>`${values.body}`.as('body'),
      isRead: sql<boolean>`false`.as('is_read'),
      createdAt: sql<Date>`${values.createdAt.toISOString()}::timestamptz`.as('created_at'),
      // A back-office text is written in one language by its author: no message keys (migration 0024).
      titleKey: sql<string | null>`null`.as('title_key'),
      bodyKey: sql<string | null>`null`.as('body_key'),
      textParams: sql<MessageParams | null>`null`.as('text_params'),
    })
    .from(users)
    .where(eq(users.role, 'user'));
  return tx.insert(userMessages).select(everyUser).returning();
}

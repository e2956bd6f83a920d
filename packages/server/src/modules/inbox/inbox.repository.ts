import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userMessages, users } from '../../db/schema.js';
import type { MessageParams } from '../../i18n/messages.js';
import { countRows, pageOf } from '../../db/paging.js';

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

export async function countUnread(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), eq(userMessages.isRead, false)));
  return row?.n ?? 0;
}

/** One page of the user's messages (all, or only read or unread ones), newest first, with how many there are in all. */
export async function listMessages(
  db: Database,
  userId: number,
  page: { read?: boolean | undefined; pageNum: number; pageSize: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = page.read === undefined ? eq(userMessages.userId, userId) : and(eq(userMessages.userId, userId), eq(userMessages.isRead, page.read));
  const range = pageOf(page);
  const rows = await db.select().from(userMessages).where(where).orderBy(desc(userMessages.id)).limit(range.limit).offset(range.offset);
  const [count] = await db.select({ n: countRows() }).from(userMessages).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Marks one of the user's messages read and answers it; undefined when they have no such message. */
export async function markMessageRead(db: Database, userId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(userMessages)
    .set({ isRead: true })
    .where(and(eq(userMessages.id, id), eq(userMessages.userId, userId)))
    .returning();
  return row;
}

/** Marks the user's message `id` read, or every message of theirs when `id` is undefined; answers how many it found. */
export async function markMessagesRead(db: Database, userId: number, id: number | undefined): Promise<number> {
  const mine = eq(userMessages.userId, userId);
  const updated = await db
    .update(userMessages)
    .set({ isRead: true })
    .where(id === undefined ? mine : and(mine, eq(userMessages.id, id)))
    .returning({ id: userMessages.id });
  return updated.length;
}

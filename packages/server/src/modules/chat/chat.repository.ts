import { and, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { chatConversations, chatMessages, type ChatConversationRow, type ChatMessageRow } from '../../db/chat.schema.js';
import { users } from '../../db/schema.js';
import { countRows } from '../../db/paging.js';

export type { ChatConversationRow, ChatMessageRow };

/** Who a customer-side conversation belongs to: a signed-in user, or a visitor by the hash of their token. */
export type ChatOwner = { kind: 'user'; userId: number } | { kind: 'visitor'; tokenHash: string };

const ownedBy = (owner: ChatOwner): SQL =>
  owner.kind === 'user' ? eq(chatConversations.userId, owner.userId) : eq(chatConversations.visitorTokenHash, owner.tokenHash);

export async function findOpenConversation(db: Database, owner: ChatOwner): Promise<ChatConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(and(ownedBy(owner), eq(chatConversations.status, 'open'))).limit(1);
  return row;
}

export async function findLatestConversation(db: Database, owner: ChatOwner): Promise<ChatConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(ownedBy(owner)).orderBy(desc(chatConversations.id)).limit(1);
  return row;
}

export async function findConversation(db: Database, id: number, lock = false): Promise<ChatConversationRow | undefined> {
  const query = db.select().from(chatConversations).where(eq(chatConversations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The owner's open conversation, opened now when there is none (a concurrent opener's row is reused). */
export async function openConversation(
  tx: Database,
  owner: ChatOwner,
  meta: { name: string; phone: string },
  now: Date,
): Promise<{ row: ChatConversationRow; opened: boolean }> {
  const existing = await findOpenConversation(tx, owner);
  if (existing) {
    // The profile changed since the conversation opened (a phone added later): support sees it as it is now.
    if (owner.kind === 'user' && (existing.metaName !== meta.name || existing.metaPhone !== meta.phone)) {
      const [updated] = await tx
        .update(chatConversations)
        .set({ metaName: meta.name, metaPhone: meta.phone })
        .where(eq(chatConversations.id, existing.id))
        .returning();
      return { row: updated ?? existing, opened: false };
    }
    return { row: existing, opened: false };
  }
  const [row] = await tx
    .insert(chatConversations)
    .values({
      ...(owner.kind === 'user' ? { userId: owner.userId } : { visitorTokenHash: owner.tokenHash }),
      metaName: meta.name,
      metaPhone: meta.phone,
      lastMessageAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return { row, opened: true };
  const raced = await findOpenConversation(tx, owner);
  if (!raced) throw new Error('chat: open conversation vanished after a conflicting insert');
  return { row: raced, opened: false };
}

export async function insertMessage(
  tx: Database,
  values: { conversationId: number; sender: 'user' | 'agent'; agentUserId: number | null; body: string | null; imageUrl: string | null; createdAt: Date },
): Promise<ChatMessageRow> {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  await tx.update(chatConversations).set({ lastMessageAt: values.createdAt }).where(eq(chatConversations.id, values.conversationId));
  return row!;
}

/** A page of messages, newest first, of the owner's conversations (or of one conversation). */
export async function messagesPage(
  db: Database,
  scope: { owner: ChatOwner } | { conversationId: number },
  beforeId: number | undefined,
  limit: number,
): Promise<ChatMessageRow[]> {
  const inScope =
    'owner' in scope
      ? inArray(chatMessages.conversationId, db.select({ id: chatConversations.id }).from(chatConversations).where(ownedBy(scope.owner)))
      : eq(chatMessages.conversationId, scope.conversationId);
  return db
    .select()
    .from(chatMessages)
    .where(beforeId === undefined ? inScope : and(inScope, lt(chatMessages.id, beforeId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** Agent lines above the owner's read marker, over all their conversations. */
export async function ownerUnread(db: Database, owner: ChatOwner): Promise<number> {
  const [row] = await db
    .select({ n: countRows() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(ownedBy(owner), eq(chatMessages.sender, 'agent'), gt(chatMessages.id, chatConversations.userReadId)));
  return row?.n ?? 0;
}

const newestMessageId = sql<number>`coalesce((SELECT max(m.id) FROM chat_messages m WHERE m.conversation_id = ${chatConversations.id}), 0)`;

export async function markOwnerRead(db: Database, owner: ChatOwner): Promise<void> {
  await db.update(chatConversations).set({ userReadId: newestMessageId }).where(ownedBy(owner));
}

export async function markAgentRead(db: Database, conversationId: number): Promise<void> {
  await db.update(chatConversations).set({ agentReadId: newestMessageId }).where(eq(chatConversations.id, conversationId));
}

export async function closeConversation(tx: Database, id: number, byUserId: number, now: Date): Promise<ChatConversationRow | undefined> {
  const [row] = await tx
    .update(chatConversations)
    .set({ status: 'closed', closedAt: now, closedByUserId: byUserId })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.status, 'open')))
    .returning();
  return row;
}

/** Gives a visitor conversation to a user, with the user's metadata; the token no longer reaches it. */
export async function assignToUser(tx: Database, id: number, userId: number, meta: { name: string; phone: string }): Promise<void> {
  await tx
    .update(chatConversations)
    .set({ userId, visitorTokenHash: null, metaName: meta.name, metaPhone: meta.phone })
    .where(eq(chatConversations.id, id));
}

/** Moves every line of one conversation into another and drops the emptied one. */
export async function mergeInto(tx: Database, fromId: number, intoId: number, lastMessageAt: Date): Promise<void> {
  await tx.update(chatMessages).set({ conversationId: intoId }).where(eq(chatMessages.conversationId, fromId));
  await tx.delete(chatConversations).where(eq(chatConversations.id, fromId));
  await tx
    .update(chatConversations)
    .set({ lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, ${lastMessageAt})` })
    .where(eq(chatConversations.id, intoId));
}

/** Conversations for the agent console, most recent activity first, with the customer's unread lines. */
export async function agentConversations(db: Database, filter: { status: 'open' | 'closed' } | { id: number }, limit = 200) {
  const unread = sql<number>`(SELECT count(*)::int FROM chat_messages m WHERE m.conversation_id = ${chatConversations.id} AND m.sender = 'user' AND m.id > ${chatConversations.agentReadId})`;
  const lastId = sql<number | null>`(SELECT max(m.id) FROM chat_messages m WHERE m.conversation_id = ${chatConversations.id})`;
  const rows = await db
    .select({ conversation: chatConversations, email: users.email, unread, lastId })
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.userId))
    .where('id' in filter ? eq(chatConversations.id, filter.id) : eq(chatConversations.status, filter.status))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit);
  const lastIds = rows.map((r) => r.lastId).filter((id): id is number => id !== null).map(Number);
  const lastMessages = lastIds.length > 0 ? await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds)) : [];
  const byId = new Map(lastMessages.map((m) => [m.id, m]));
  return rows.map((r) => ({ ...r, lastMessage: r.lastId === null ? null : (byId.get(Number(r.lastId)) ?? null) }));
}
export type AgentConversationRow = Awaited<ReturnType<typeof agentConversations>>[number];

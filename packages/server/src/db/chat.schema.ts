import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Customer service chat (migration 0017), kept apart from schema.ts because only the chat module reads it.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ref = (name: string) => bigint(name, { mode: 'number' });

export const chatConversations = pgTable('chat_conversations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: ref('user_id'),
  visitorTokenHash: text('visitor_token_hash'),
  status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
  metaName: text('meta_name').notNull().default(''),
  metaPhone: text('meta_phone').notNull().default(''),
  userReadId: ref('user_read_id').notNull().default(0),
  agentReadId: ref('agent_read_id').notNull().default(0),
  lastMessageAt: ts('last_message_at').notNull(),
  createdAt: ts('created_at').notNull(),
  closedAt: ts('closed_at'),
  closedByUserId: ref('closed_by_user_id'),
});
export type ChatConversationRow = typeof chatConversations.$inferSelect;

export const chatMessages = pgTable('chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  conversationId: ref('conversation_id').notNull(),
  sender: text('sender', { enum: ['user', 'agent'] }).notNull(),
  agentUserId: ref('agent_user_id'),
  body: text('body'),
  imageUrl: text('image_url'),
  createdAt: ts('created_at').notNull(),
});
export type ChatMessageRow = typeof chatMessages.$inferSelect;

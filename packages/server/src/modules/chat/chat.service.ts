import type { AgentConversation, AgentHistory, ChatHistory, ChatMessage, ChatSendBody, WsServerEvents } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/tokens.js';
import type { Clock } from '../../lib/clock.js';
import { findUserById } from '../users/index.js';
import { audit } from '../audit/index.js';
import { inTransaction } from '../ledger/index.js';
import { ownsUpload } from '../uploads/index.js';
import * as repo from './chat.repository.js';
import type { AgentConversationRow, ChatConversationRow, ChatMessageRow, ChatOwner } from './chat.repository.js';

export type { ChatOwner };

/** Where chat events go: the conversation's owner (their user or visitor channel), and every agent. */
export interface ChatNotifier {
  owner(owner: ChatOwner, event: { type: 'chat'; message: ChatMessage; unread: number } | { type: 'chatClosed'; conversationId: number }): void;
  agents(event: WsServerEvents['agentChat']): void;
}

export interface ChatDeps {
  db: Database;
  clock: Clock;
  notify: ChatNotifier;
}

/** Only the hash of a visitor token is stored, so a database read does not hand out conversations. */
export const hashVisitorToken = sha256;

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return { id: row.id, conversationId: row.conversationId, sender: row.sender, text: row.body, imageUrl: row.imageUrl, createTimestamp: row.createdAt.getTime() };
}

function toAgentConversation(row: AgentConversationRow): AgentConversation {
  const c = row.conversation;
  return {
    id: c.id,
    status: c.status,
    userId: c.userId,
    email: row.email,
    name: c.metaName,
    phone: c.metaPhone,
    unread: Number(row.unread),
    lastMessage: row.lastMessage ? toChatMessage(row.lastMessage) : null,
    createTimestamp: c.createdAt.getTime(),
  };
}

const ownerOf = (row: ChatConversationRow): ChatOwner =>
  row.userId !== null ? { kind: 'user', userId: row.userId } : { kind: 'visitor', tokenHash: row.visitorTokenHash ?? '' };

async function agentView(db: Database, id: number): Promise<AgentConversation> {
  const [row] = await repo.agentConversations(db, { id });
  if (!row) throw AppError.notFound('chat.notFound');
  return toAgentConversation(row);
}

/** The metadata a conversation opens with (SPEC §2): the profile's name and phone; visitors have none yet. */
async function metadataOf(db: Database, owner: ChatOwner) {
  if (owner.kind === 'visitor') return { name: '', phone: '' };
  const user = await findUserById(db, owner.userId);
  return { name: user?.name ?? '', phone: user?.phone ?? '' };
}

function page(rows: ChatMessageRow[], pageSize: number) {
  return { list: rows.slice(0, pageSize).reverse().map(toChatMessage), hasMore: rows.length > pageSize };
}

export async function history(deps: ChatDeps, owner: ChatOwner, query: { beforeId?: number | undefined; pageSize: number }): Promise<ChatHistory> {
  const latest = await repo.findLatestConversation(deps.db, owner);
  const rows = latest ? await repo.messagesPage(deps.db, { owner }, query.beforeId, query.pageSize + 1) : [];
  return {
    conversationId: latest?.id ?? null,
    status: latest?.status ?? null,
    unread: latest ? await repo.ownerUnread(deps.db, owner) : 0,
    ...page(rows, query.pageSize),
  };
}

/** A customer's line: opens a conversation when none is open; images must be the sender's own upload. */
export async function send(deps: ChatDeps, owner: ChatOwner, body: ChatSendBody): Promise<ChatMessage> {
  if (body.text === undefined && body.imageUrl === undefined) throw AppError.badRequest('validation.required', { field: 'text' });
  if (body.imageUrl !== undefined) {
    // Uploads belong to users; a visitor has nothing of their own to attach until they sign in.
    if (owner.kind === 'visitor') throw AppError.badRequest('chat.visitorImage');
    if (!(await ownsUpload(deps.db, owner.userId, body.imageUrl))) throw AppError.badRequest('upload.notYours');
  }
  const meta = await metadataOf(deps.db, owner);
  const now = deps.clock.now();
  const { message, unread, conversationId } = await inTransaction(deps.db, async (tx) => {
    const { row: conversation } = await repo.openConversation(tx, owner, meta, now);
    const row = await repo.insertMessage(tx, {
      conversationId: conversation.id,
      sender: 'user',
      agentUserId: null,
      body: body.text ?? null,
      imageUrl: body.imageUrl ?? null,
      createdAt: now,
    });
    return { message: toChatMessage(row), unread: await repo.ownerUnread(tx, owner), conversationId: conversation.id };
  });
  deps.notify.owner(owner, { type: 'chat', message, unread });
  deps.notify.agents({ conversation: await agentView(deps.db, conversationId), message });
  return message;
}

export async function markRead(deps: ChatDeps, owner: ChatOwner): Promise<{ unread: number }> {
  await repo.markOwnerRead(deps.db, owner);
  return { unread: await repo.ownerUnread(deps.db, owner) };
}

/**
 * After login: the visitor's open conversation becomes the user's (merged into the user's own open
 * one when there is one), with the profile's name and phone as its metadata.
 */
export async function claim(deps: ChatDeps, userId: number, visitorToken: string): Promise<ChatHistory> {
  const visitor: ChatOwner = { kind: 'visitor', tokenHash: hashVisitorToken(visitorToken) };
  const user: ChatOwner = { kind: 'user', userId };
  const meta = await metadataOf(deps.db, user);
  const movedTo = await inTransaction(deps.db, async (tx) => {
    const open = await repo.findOpenConversation(tx, visitor);
    if (!open) return null;
    const mine = await repo.findOpenConversation(tx, user);
    if (mine) {
      await repo.mergeInto(tx, open.id, mine.id, open.lastMessageAt);
      return mine.id;
    }
    await repo.assignToUser(tx, open.id, userId, meta);
    return open.id;
  });
  if (movedTo !== null) deps.notify.agents({ conversation: await agentView(deps.db, movedTo), message: null });
  return history(deps, user, { pageSize: 30 });
}

export async function agentList(deps: ChatDeps, status: 'open' | 'closed'): Promise<AgentConversation[]> {
  return (await repo.agentConversations(deps.db, { status })).map(toAgentConversation);
}

export async function agentHistory(deps: ChatDeps, id: number, query: { beforeId?: number | undefined; pageSize: number }): Promise<AgentHistory> {
  const conversation = await agentView(deps.db, id);
  const rows = await repo.messagesPage(deps.db, { conversationId: id }, query.beforeId, query.pageSize + 1);
  return { conversation, ...page(rows, query.pageSize) };
}

export async function agentRead(deps: ChatDeps, id: number): Promise<AgentConversation> {
  if (!(await repo.findConversation(deps.db, id))) throw AppError.notFound('chat.notFound');
  await repo.markAgentRead(deps.db, id);
  const conversation = await agentView(deps.db, id);
  deps.notify.agents({ conversation, message: null });
  return conversation;
}

/** An agent's answer; it reads the conversation up to its own line too. */
export async function reply(deps: ChatDeps, agent: { userId: number; ip: string }, id: number, text: string): Promise<ChatMessage> {
  const now = deps.clock.now();
  const { message, owner, unread } = await inTransaction(deps.db, async (tx) => {
    const conversation = await repo.findConversation(tx, id, true);
    if (!conversation) throw AppError.notFound('chat.notFound');
    if (conversation.status !== 'open') throw AppError.conflict('chat.closed');
    const row = await repo.insertMessage(tx, { conversationId: id, sender: 'agent', agentUserId: agent.userId, body: text, imageUrl: null, createdAt: now });
    await repo.markAgentRead(tx, id);
    await audit(tx, { actorUserId: agent.userId, action: 'chat.reply', subject: `chat:${id}`, detail: { messageId: row.id }, ip: agent.ip }, now);
    const owner = ownerOf(conversation);
    return { message: toChatMessage(row), owner, unread: await repo.ownerUnread(tx, owner) };
  });
  deps.notify.owner(owner, { type: 'chat', message, unread });
  deps.notify.agents({ conversation: await agentView(deps.db, id), message });
  return message;
}

export async function close(deps: ChatDeps, agent: { userId: number; ip: string }, id: number): Promise<AgentConversation> {
  const now = deps.clock.now();
  const closed = await inTransaction(deps.db, async (tx) => {
    const row = await repo.closeConversation(tx, id, agent.userId, now);
    if (!row) {
      if (!(await repo.findConversation(tx, id))) throw AppError.notFound('chat.notFound');
      throw AppError.conflict('chat.closed');
    }
    await audit(tx, { actorUserId: agent.userId, action: 'chat.close', subject: `chat:${id}`, ip: agent.ip }, now);
    return row;
  });
  deps.notify.owner(ownerOf(closed), { type: 'chatClosed', conversationId: id });
  const conversation = await agentView(deps.db, id);
  deps.notify.agents({ conversation, message: null });
  return conversation;
}

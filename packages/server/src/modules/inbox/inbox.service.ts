import { defaultLocale, type AdminSendMessageBody, type InboxMessage, type Locale } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { en, translate, type MessageKey, type MessageParams } from '../../i18n/messages.js';
import { findUserById } from '../users/index.js';
import { audit } from '../audit/index.js';
import { inTransaction, type AfterCommit } from '../ledger/index.js';
import { countUnread, insertMessage, insertMessageForEveryUser, listMessages, markMessageRead, markMessagesRead, type MessageRow, type NewMessage } from './inbox.repository.js';

export type { MessageRow };

/** Tells the owner's open apps (private `/ws` channel) about a new message. */
export type MessageNotifier = (row: MessageRow) => void;

/** A stored key the catalog no longer has (renamed later) falls back to the stored English text. */
function isMessageKey(key: string | null): key is MessageKey {
  return key !== null && Object.hasOwn(en, key);
}

/**
 * A notice the server wrote carries its keys (migration 0024) and is rendered in the reader's
 * language; a back-office text, or a row from before the keys, is shown as it was stored.
 */
export function toMessage(row: MessageRow, locale: Locale = defaultLocale): InboxMessage {
  const params = row.textParams ?? {};
  const title = isMessageKey(row.titleKey) ? translate(locale, row.titleKey, params) : row.title;
  const content = isMessageKey(row.bodyKey) ? translate(locale, row.bodyKey, params) : row.body;
  return { id: row.id, title, content, isRead: row.isRead, createTimestamp: Math.floor(row.createdAt.getTime() / 1000) };
}

/** A notice as message keys and parameters: stored with its English text, read in the reader's language. */
export interface Notice {
  title: MessageKey;
  body: MessageKey;
  params?: MessageParams;
}

/** A notice's row as stored: its English text, and its keys and parameters for the reader's language. */
export function noticeValues(userId: number, notice: Notice, createdAt: Date): NewMessage & Pick<MessageRow, 'titleKey' | 'bodyKey' | 'textParams'> {
  return {
    userId,
    createdAt,
    title: translate(defaultLocale, notice.title, notice.params),
    body: translate(defaultLocale, notice.body, notice.params),
    titleKey: notice.title,
    bodyKey: notice.body,
    textParams: notice.params ?? {},
  };
}

/**
 * Puts a message in the user's inbox inside the caller's transaction; the user's open apps hear of
 * it once that transaction has committed, never for one that rolled back.
 */
export async function deliverMessage(
  tx: Database,
  afterCommit: AfterCommit,
  notify: MessageNotifier,
  message: { userId: number; createdAt: Date } & ({ title: string; body: string } | { notice: Notice }),
): Promise<void> {
  const row = await insertMessage(tx, 'notice' in message ? noticeValues(message.userId, message.notice, message.createdAt) : message);
  afterCommit(() => notify(row));
}

/** The caller's messages, newest first, with the unread count. */
export async function messagePage(
  db: Database,
  userId: number,
  query: { read?: boolean | undefined; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<{ list: InboxMessage[]; total: number; unread: number; pageNum: number; pageSize: number }> {
  const { rows, total } = await listMessages(db, userId, query);
  return { list: rows.map((row) => toMessage(row, locale)), total, unread: await countUnread(db, userId), pageNum: query.pageNum, pageSize: query.pageSize };
}

/** One of the caller's messages; opening it marks it read. */
export async function openMessage(db: Database, userId: number, id: number, locale: Locale): Promise<InboxMessage> {
  const row = await markMessageRead(db, userId, id);
  if (!row) throw AppError.notFound();
  return toMessage(row, locale);
}

/** Marks one of the caller's messages (`id`) or all of them read; answers how many are still unread. */
export async function markRead(db: Database, userId: number, id: number | undefined): Promise<{ unread: number }> {
  const found = await markMessagesRead(db, userId, id);
  if (id !== undefined && found === 0) throw AppError.notFound();
  return { unread: await countUnread(db, userId) };
}

export interface SendMessageDeps {
  db: Database;
  clock: Clock;
  notify: MessageNotifier;
}

/**
 * Back office: a message to one user or to every user, with its audit row, in one transaction;
 * the open apps hear of it only after the commit. A broadcast is one row per user (not a shared
 * broadcast row), so read state, paging and "someone else's message" stay per-row as for any message.
 */
export async function sendFromBackOffice(
  deps: SendMessageDeps,
  admin: { id: number; ip: string },
  body: AdminSendMessageBody,
): Promise<{ delivered: number }> {
  const now = deps.clock.now();
  const message = { title: body.title, body: body.content, createdAt: now };
  return inTransaction(deps.db, async (tx, afterCommit) => {
    let rows: MessageRow[];
    if (body.audience === 'all') {
      rows = await insertMessageForEveryUser(tx, message);
    } else {
      const userId = body.userId ?? 0;
      if (!(await findUserById(tx, userId))) throw AppError.notFound('inbox.recipientUnknown', { userId });
      rows = [await insertMessage(tx, { ...message, userId })];
    }
    await audit(
      tx,
      {
        actorUserId: admin.id,
        action: 'message.send',
        subject: body.audience === 'all' ? 'all' : `user:${body.userId}`,
        detail: { title: body.title, delivered: rows.length },
        ip: admin.ip,
      },
      now,
    );
    afterCommit(() => rows.forEach(deps.notify));
    return { delivered: rows.length };
  });
}

import type { AdminSendMessageBody, InboxMessage } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { findUserById } from '../accounts/accounts.repository.js';
import { audit } from '../admin/admin.service.js';
import { inTransaction, type AfterCommit } from '../ledger/ledger.service.js';
import { insertMessage, insertMessageForEveryUser, type MessageRow } from './inbox.repository.js';

export type { MessageRow };

/** Tells the owner's open apps (private `/ws` channel) about a new message. */
export type MessageNotifier = (row: MessageRow) => void;

export function toMessage(row: MessageRow): InboxMessage {
  return { id: row.id, title: row.title, content: row.body, isRead: row.isRead, createTimestamp: Math.floor(row.createdAt.getTime() / 1000) };
}

/**
 * Puts a message in the user's inbox inside the caller's transaction; the user's open apps hear of
 * it once that transaction has committed, never for one that rolled back.
 */
export async function deliverMessage(
  tx: Database,
  afterCommit: AfterCommit,
  notify: MessageNotifier,
  message: { userId: number; title: string; body: string; createdAt: Date },
): Promise<void> {
  const row = await insertMessage(tx, message);
  afterCommit(() => notify(row));
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

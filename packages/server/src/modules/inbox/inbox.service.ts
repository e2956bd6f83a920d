import type { InboxMessage } from '@tradewind/contract';
import type { Database } from '../../db/client.js';
import type { AfterCommit } from '../ledger/ledger.service.js';
import { insertMessage, type MessageRow } from './inbox.repository.js';

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

import type { FastifyInstance } from 'fastify';
import { toMessage, type MessageNotifier } from './inbox.service.js';

/** The notifier services are given: a `message` event on the owner's private channel. */
export function inboxNotifierOf(app: FastifyInstance): MessageNotifier {
  return (row) => app.userChannels.send(row.userId, { type: 'message', message: toMessage(row) });
}

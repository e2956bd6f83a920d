import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toMessage, type MessageNotifier } from './inbox.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The notifier services are given: a `message` event on the owner's private channel. */
    inboxNotifier: MessageNotifier;
  }
}

/** Decorates the app with the inbox notifier every module that writes inbox messages hands its services. */
export const inboxPlugin = fp(
  (app: FastifyInstance) => {
    const notify: MessageNotifier = (row) => app.userChannels.send(row.userId, { type: 'message', message: toMessage(row) });
    app.decorate('inboxNotifier', notify);
  },
  { name: 'inbox', dependencies: ['bus'] },
);

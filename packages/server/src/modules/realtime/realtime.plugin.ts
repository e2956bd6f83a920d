import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UserChannels } from './user-channels.js';

declare module 'fastify' {
  interface FastifyInstance {
    userChannels: UserChannels;
  }
}

/**
 * The user channels, which send through the bus. Registered right after the bus, because routes
 * registered before the websocket route (trading's engine, accounts, chat) send through them.
 */
export const realtimePlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('userChannels', new UserChannels(app.bus));
  },
  { name: 'realtime', dependencies: ['bus'] },
);

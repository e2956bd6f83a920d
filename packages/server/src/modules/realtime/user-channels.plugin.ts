import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UserChannels } from './user-channels.js';

declare module 'fastify' {
  interface FastifyInstance {
    userChannels: UserChannels;
  }
}

/** The user channels every module sends private events through, over the bus (registered right after it). */
export const userChannelsPlugin = fp(
  (app: FastifyInstance) => {
    app.decorate('userChannels', new UserChannels(app.bus));
  },
  { name: 'user-channels', dependencies: ['bus'] },
);

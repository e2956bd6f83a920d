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
    const channels = new UserChannels(app.bus);
    app.decorate('userChannels', channels);
    app.addHook('onClose', (_app, done) => {
      channels.close();
      done();
    });
  },
  { name: 'user-channels', dependencies: ['bus'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBus } from '../bus/create-bus.js';

/**
 * The bus (Redis pub/sub when REDIS_URL is set, else in-process). Registered first so it closes last,
 * after the websockets and the feed.
 */
export const busPlugin = fp(
  async (app: FastifyInstance) => {
    const bus = await createBus(app.config, app.log);
    app.decorate('bus', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'bus' },
);

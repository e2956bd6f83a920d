import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.js';

/** Exposes the open database; whoever opened it (main or a test) decides when it closes. */
export const databasePlugin = fp(
  (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    app.decorate('database', options.database);
  },
  { name: 'database' },
);

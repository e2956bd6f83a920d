import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Leadership } from '../cluster/leadership.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where modules register the work that runs on one process only (DESIGN §7). */
    leadership: Leadership;
  }
}

/**
 * Leader election over a PostgreSQL advisory lock (on PGlite the one process always leads).
 * Singletons registered by the modules start once the app is ready, and stop before the server
 * stops listening, so a process shutting down hands leadership over while it drains.
 */
export const leadershipPlugin = fp(
  (app: FastifyInstance) => {
    const lock = app.database.leaderLock(app.config.LEADER_LOCK_KEY, (error) =>
      app.log.warn({ err: error }, 'leadership: the leader lock connection failed; retrying'),
    );
    const leadership = new Leadership(lock, app.log, app.config.LEADER_CHECK_MS);
    app.decorate('leadership', leadership);
    app.addHook('onReady', () => leadership.start());
    app.addHook('preClose', () => leadership.stop());
  },
  { name: 'leadership', dependencies: ['database'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicTask } from '../../cluster/periodic-task.js';
import { sweepFollows } from './follow.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the follow sweep now (on the leader), so a follow just placed is confirmed without waiting a beat. */
    sweepFollowsNow: () => void;
  }
}

/**
 * A sweep every second, on the leader, confirms follows, buys their portfolios while the market is
 * open and ends them at the term's end.
 */
export const followPlugin = fp(
  (app: FastifyInstance) => {
    const sweep = periodicTask(1000, () => sweepFollows(app.trading), (error) => app.log.error({ err: error }, 'follow: sweep failed'));
    app.leadership.register('follow sweep', sweep);
    app.decorate('sweepFollowsNow', () => sweep.runNow());
  },
  { name: 'follow', dependencies: ['leadership', 'trading'] },
);

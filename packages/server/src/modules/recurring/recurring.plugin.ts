import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicTask } from '../../cluster/periodic-task.js';
import { runDuePlans } from './recurring.service.js';

/** Runs the due plans every second, on the leader. */
export const recurringPlugin = fp(
  (app: FastifyInstance) => {
    const sweep = periodicTask(1000, () => runDuePlans({ trading: app.trading }), (error) => app.log.error({ err: error }, 'recurring: sweep failed'));
    app.leadership.register('recurring investment', sweep);
  },
  { name: 'recurring', dependencies: ['leadership', 'trading'] },
);

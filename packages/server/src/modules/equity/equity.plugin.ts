import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicTask } from '../../cluster/periodic-task.js';
import { ShiftableClock } from '../../lib/clock.js';
import { takeSnapshots, type EquityDeps } from './equity.service.js';

/** How often the leader looks for snapshots due (today's missing one, or the close's final one). */
const SNAPSHOT_CHECK_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    equity: EquityDeps;
  }
}

/**
 * The account value chart's snapshots (issue 20): the leader snapshots every account once per New
 * York day, at once on start when today's is missing, final at the 16:00 close. Register after tradingRoutes.
 */
export const equityPlugin = fp(
  (app: FastifyInstance) => {
    const deps: EquityDeps = app.trading;
    const snapshots = periodicTask(SNAPSHOT_CHECK_MS, () => takeSnapshots(deps), (error) => app.log.error({ err: error }, 'equity: taking the daily snapshots failed'));
    app.leadership.register('equity snapshots', snapshots);
    // A test moving the app clock a day ahead gets that day's snapshots before the move answers
    // (APP_CLOCK_CONTROL only): a pass of its own, since a pass in flight may have read the day before the move.
    const clock = app.clock;
    if (clock instanceof ShiftableClock) {
      clock.onAdvance(() =>
        app.leadership.isLeader ? takeSnapshots(deps).catch((error: unknown) => app.log.error({ err: error }, 'equity: taking the daily snapshots failed')) : Promise.resolve(),
      );
    }
    app.decorate('equity', deps);
  },
  { name: 'equity', dependencies: ['database', 'leadership', 'trading'] },
);

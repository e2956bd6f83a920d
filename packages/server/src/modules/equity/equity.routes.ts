import { equityHistoryQuery, equityHistorySchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { periodicTask } from '../../cluster/periodic-task.js';
import { ShiftableClock } from '../../lib/clock.js';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as equity from './equity.service.js';

/** How often the leader looks for snapshots due (today's missing one, or the close's final one). */
const SNAPSHOT_CHECK_MS = 60_000;

/**
 * The account value chart (issue 20): the leader snapshots every account once per New York day
 * (at once on start when today's is missing, final at the 16:00 close), and the user reads the
 * range they chose with today's live value last. Register after tradingRoutes.
 */
export function equityRoutes(app: FastifyInstance) {
  const deps: equity.EquityDeps = app.trading;
  const snapshots = periodicTask(SNAPSHOT_CHECK_MS, () => equity.takeSnapshots(deps), (error) => app.log.error({ err: error }, 'equity: taking the daily snapshots failed'));
  app.leadership.register('equity snapshots', snapshots);
  // A test moving the app clock a day ahead gets that day's snapshots before the move answers
  // (APP_CLOCK_CONTROL only): a pass of its own, since a pass in flight may have read the day before the move.
  const clock = app.clock;
  if (clock instanceof ShiftableClock) {
    clock.onAdvance(() =>
      app.leadership.isLeader ? equity.takeSnapshots(deps).catch((error: unknown) => app.log.error({ err: error }, 'equity: taking the daily snapshots failed')) : Promise.resolve(),
    );
  }

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/account/equityHistory', {
    config: { auth: 'user' },
    schema: {
      tags: ['Wallets'],
      summary: "The account's value over a range (1W, 1M, 3M, 1Y, ALL) from its daily snapshots, with today's live value last, and the P&L net of deposits and withdrawals (USD minor units)",
      querystring: equityHistoryQuery,
      response: okResponse(equityHistorySchema),
    },
  }, async (request) => ok(await equity.equityHistory(deps, requireAuth(request).user.id, request.query.range)));
}

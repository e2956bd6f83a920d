import { equityHistoryQuery, equityHistorySchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as equity from './equity.service.js';

/** The account value chart (issue 20): the range the user chose, with today's live value last (equityPlugin takes the snapshots). */
export function equityRoutes(app: FastifyInstance) {
  const deps = app.equity;
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

import { idParams, stockCodeParams, watchlistItemSchema, watchlistSaveBody, watchlistSortBody, watchlistToggleSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okNull, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as watchlist from './watchlist.service.js';

const tags = ['Watchlist'];
const userRoute = { auth: 'user' } as const;

/** SPEC §7 userSelfSecurity calls, plus `sort` for the manage page's reordering. */
export function watchlistRoutes(app: FastifyInstance) {
  const deps: watchlist.WatchlistDeps = { db: app.database.db, clock: app.clock, market: app.market.deps };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/userSelfSecurity/selectSelfSelectionStocksData', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s watchlist with live quotes, in their order', response: okResponse(z.array(watchlistItemSchema)) },
  }, async (request) => ok(await watchlist.listWatchlist(deps, requireAuth(request).user.id)));

  r.post('/userSelfSecurity/save', {
    config: userRoute,
    schema: { tags, summary: 'Toggle: add when not watched, remove when watched', body: watchlistSaveBody, response: okResponse(watchlistToggleSchema) },
  }, async (request) => ok(await watchlist.toggle(deps, requireAuth(request).user.id, request.body)));

  r.post('/userSelfSecurity/delete/:id', {
    config: userRoute,
    schema: { tags, summary: 'Remove a watchlist entry by id', params: idParams, response: okNull },
  }, async (request) => ok(await watchlist.remove(deps, requireAuth(request).user.id, request.params.id)));

  r.post('/userSelfSecurity/deleteByStockCode/:stockCode', {
    config: userRoute,
    schema: { tags, summary: 'Remove a watched instrument by code', params: stockCodeParams, response: okNull },
  }, async (request) => ok(await watchlist.removeByCode(deps, requireAuth(request).user.id, request.params.stockCode)));

  r.post('/userSelfSecurity/sort', {
    config: userRoute,
    schema: { tags, summary: 'Reorder the watchlist: every entry id in the new order', body: watchlistSortBody, response: okNull },
  }, async (request) => ok(await watchlist.sort(deps, requireAuth(request).user.id, request.body.ids)));
}

import { adminAgencySchema, agencyInputBody, agencyParams, agencySchema, followAddBody, followListQuery, followSchema, pageSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.js';
import * as follow from './follow.service.js';

const tags = ['Follow orders'];
const adminTags = ['Back office'];

/**
 * SPEC §7 follow-order calls, the user's follows and the back office's agencies; a follow placed
 * asks followPlugin's sweep to run at once.
 */
export function followRoutes(app: FastifyInstance) {
  const deps = app.trading;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/userFollowInvest/getInvestAgencyList', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Investment agencies taking follows: strategy, model portfolio, track record, fee and term', response: okResponse(z.array(agencySchema)) },
  }, async () => ok(await follow.listAgencies(deps)));

  r.post('/userFollowInvest/add', {
    config: { auth: 'user', rateLimit: 'order', idempotencyKey: true },
    schema: {
      tags,
      summary: 'Follow an agency with 100 to 1,000,000 USD from the FOLLOW wallet (Idempotency-Key); cannot be sold after placing',
      body: followAddBody,
      response: okResponse(followSchema),
    },
  }, async (request) => ok(await follow.addFollow(deps, requireAuth(request).user.id, request.body, idempotencyKeyOf(request), app.sweepFollowsNow)));

  r.post('/userFollowInvest/myList', {
    config: { auth: 'user' },
    schema: { tags, summary: "The caller's follows, newest first, with status, value and P&L of their positions", body: followListQuery, response: okResponse(pageSchema(followSchema)) },
  }, async (request) => ok(await follow.myFollows(deps, requireAuth(request).user.id, request.body)));

  r.get('/admin/agencies', {
    config: { auth: 'admin' },
    schema: { tags: adminTags, summary: 'Investment agencies with their model portfolios and open follows', response: okResponse(z.array(adminAgencySchema)) },
  }, async () => ok(await follow.adminAgencies(deps)));

  r.post('/admin/agencies', {
    config: { auth: 'admin' },
    schema: { tags: adminTags, summary: 'Create an investment agency and its model portfolio (weights add up to 100 %); audited', body: agencyInputBody, response: okResponse(adminAgencySchema) },
  }, async (request) => ok(await follow.saveAgency(deps, { id: requireAuth(request).user.id, ip: request.ip }, request.body)));

  r.post('/admin/agencies/:id', {
    config: { auth: 'admin' },
    schema: {
      tags: adminTags,
      summary: "Replace an agency's terms and model portfolio (follows already placed keep theirs); audited",
      params: agencyParams,
      body: agencyInputBody,
      response: okResponse(adminAgencySchema),
    },
  }, async (request) => ok(await follow.saveAgency(deps, { id: requireAuth(request).user.id, ip: request.ip }, request.body, request.params.id)));
}

import {
  approveDepositBody,
  createDepositBody,
  depositChannelSchema,
  depositSchema,
  emptyBody,
  pageBody,
  pageSchema,
  rejectBody,
  reviewParams,
  reviewQueueQuery,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import { withApplicants } from '../users/index.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { depositChannels } from './deposit-channels.js';
import * as deposits from './deposits.service.js';
import { pushWalletBalance } from '../wallet/index.js';

const tags = ['Deposits'];
const userRoute = { auth: 'user' } as const;
const adminRoute = { auth: 'admin' } as const;

/** SPEC §7 recharge calls, and the back office's deposit queue. */
export function depositsRoutes(app: FastifyInstance) {
  const deps: deposits.DepositDeps = { db: app.database.db, clock: app.clock, notify: app.inboxNotifier, onCredited: (userId) => pushWalletBalance(app, userId) };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/recharge/currency/selectList', {
    config: userRoute,
    schema: { tags, summary: 'Deposit channels: bank transfers with receiving details, digital currencies with network and address', body: emptyBody.optional(), response: okResponse(z.array(depositChannelSchema)) },
  }, () => ok([...depositChannels]));

  r.post('/recharge/create', {
    config: userRoute,
    schema: { tags, summary: 'Report a deposit with its credential screenshot; credited when staff approve', body: createDepositBody, response: okResponse(depositSchema) },
  }, async (request) => ok(await deposits.createDeposit(deps, requireAuth(request).user.id, request.body)));

  r.post('/recharge/listPage', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s deposits with their review status', body: pageBody, response: okResponse(pageSchema(depositSchema)) },
  }, async (request) => ok(await deposits.listDeposits(deps, { userId: requireAuth(request).user.id }, request.body)));

  r.get('/admin/deposits', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'Deposit queue', querystring: reviewQueueQuery, response: okResponse(pageSchema(depositSchema)) },
  }, async (request) => ok(await withApplicants(deps.db, await deposits.listDeposits(deps, { status: request.query.status }, request.query))));

  r.post('/admin/deposits/:id/approve', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'Approve: credit the BALANCE wallet (crypto needs 3 confirmations)', params: reviewParams, body: approveDepositBody, response: okResponse(depositSchema) },
  }, async (request) => {
    const reviewer = { adminId: requireAuth(request).user.id, ip: request.ip };
    return ok(await deposits.approveDeposit(deps, reviewer, request.params.id, request.body.confirmations));
  });

  r.post('/admin/deposits/:id/reject', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'Reject with a reason the user sees', params: reviewParams, body: rejectBody, response: okResponse(depositSchema) },
  }, async (request) => {
    const reviewer = { adminId: requireAuth(request).user.id, ip: request.ip };
    return ok(await deposits.rejectDeposit(deps, reviewer, request.params.id, request.body.reason));
  });
}

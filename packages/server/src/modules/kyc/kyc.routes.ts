import {
  applyServiceBody,
  areaSchema,
  emptyBody,
  kycApplicationSchema,
  pageSchema,
  permissionApplicationSchema,
  permissionReviewParams,
  rejectBody,
  reviewParams,
  reviewQueueQuery,
  updateRealBody,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import { withApplicants } from '../users/index.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { areas } from './areas.js';
import * as kyc from './kyc.service.js';
import * as permissions from './permissions.service.js';

const userRoute = { auth: 'user' } as const;
const adminRoute = { auth: 'admin' } as const;
const office = ['Back office'];

/** SPEC §7 identity verification and permission applications, with their back-office queues. */
export function kycRoutes(app: FastifyInstance) {
  const deps: kyc.KycDeps = { db: app.database.db, clock: app.clock, notify: app.inboxNotifier, autoApproveTrading: app.config.TRADING_AUTO_APPROVE };
  // Identity status and permissions are facts a signed-in session carries: every process forgets its copy once they committed.
  const changedFor = <T>(userId: number, result: T): T => {
    app.bus.publish('usersChanged', { userIds: [userId] });
    return result;
  };
  const changed = <T extends { userId: number }>(result: T): T => changedFor(result.userId, result);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/areaInfo/list', {
    config: { auth: 'public' },
    schema: { tags: ['Identity'], summary: 'Countries for the identity form', response: okResponse(z.array(areaSchema)) },
  }, () => ok([...areas]));

  r.post('/updateReal', {
    config: userRoute,
    schema: { tags: ['Identity'], summary: 'Submit identity verification (reviewed within 24 hours)', body: updateRealBody, response: okResponse(kycApplicationSchema) },
  }, async (request) => ok(changed(await kyc.submitKyc(deps, requireAuth(request).user.id, request.body))));

  r.post('/userCenter/kycInfo', {
    config: userRoute,
    schema: { tags: ['Identity'], summary: 'The caller’s latest identity application, or null', body: emptyBody.optional(), response: okResponse(kycApplicationSchema.nullable()) },
  }, async (request) => ok(await kyc.latestKyc(deps, requireAuth(request).user.id)));

  r.post('/userCenter/apply/service', {
    config: userRoute,
    schema: { tags: ['Identity'], summary: 'Apply for block-trading (or trading) permission; staff review it', body: applyServiceBody, response: okResponse(z.object({ status: z.number().int() })) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    return ok({ status: changedFor(userId, await permissions.apply(deps, userId, request.body.type)) });
  });

  r.get('/admin/kyc', {
    config: adminRoute,
    schema: { tags: office, summary: 'Identity verification queue', querystring: reviewQueueQuery, response: okResponse(pageSchema(kycApplicationSchema)) },
  }, async (request) => ok(await withApplicants(deps.db, await kyc.listKyc(deps, request.query.status, request.query))));

  r.post('/admin/kyc/:id/approve', {
    config: adminRoute,
    schema: { tags: office, summary: 'Verify an identity', params: reviewParams, body: emptyBody, response: okResponse(kycApplicationSchema) },
  }, async (request) => ok(changed(await kyc.reviewKyc(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id, { approve: true }))));

  r.post('/admin/kyc/:id/reject', {
    config: adminRoute,
    schema: { tags: office, summary: 'Refuse an identity with a reason (the user may retry)', params: reviewParams, body: rejectBody, response: okResponse(kycApplicationSchema) },
  }, async (request) =>
    ok(changed(await kyc.reviewKyc(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id, { approve: false, reason: request.body.reason }))));

  r.get('/admin/permissions', {
    config: adminRoute,
    schema: { tags: office, summary: 'Trading and block-trading applications under review', response: okResponse(z.array(permissionApplicationSchema)) },
  }, async () => ok(await permissions.pending(deps)));

  r.post('/admin/permissions/:id/:kind/approve', {
    config: adminRoute,
    schema: { tags: office, summary: 'Grant a permission', params: permissionReviewParams, body: emptyBody, response: okResponse(permissionApplicationSchema) },
  }, async (request) =>
    ok(changed(await permissions.review(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id, request.params.kind, { approve: true }))));

  r.post('/admin/permissions/:id/:kind/reject', {
    config: adminRoute,
    schema: { tags: office, summary: 'Refuse a permission with a reason', params: permissionReviewParams, body: rejectBody, response: okResponse(permissionApplicationSchema) },
  }, async (request) =>
    ok(
      changed(
        await permissions.review(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id, request.params.kind, {
          approve: false,
          reason: request.body.reason,
        }),
      ),
    ));
}

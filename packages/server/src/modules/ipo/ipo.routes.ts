import {
  adminIpoSchema,
  createIpoBody,
  ipoAllotmentSchema,
  ipoFullNumBody,
  ipoFullNumSchema,
  ipoIdParams,
  ipoOfferingSchema,
  ipoSubscribeBody,
  ipoSubscriptionPageBody,
  ipoSubscriptionSchema,
  ipoSubscriptionsBody,
  pageSchema,
  updateIpoBody,
  emptyBody,
  ipoDrawBody,
  ipoDrawSchema,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.js';
import * as admin from './ipo-admin.service.js';
import * as ipo from './ipo.service.js';

const tags = ['IPO'];
const adminTags = ['Back office'];
const userRoute = { auth: 'user' } as const;
const adminRoute = { auth: 'admin' } as const;

/** New-share subscriptions (asset source 5): the list, subscribing, the user's subscriptions, the back office, (ipoPlugin runs the allotments and listings). */
export function ipoRoutes(app: FastifyInstance) {
  const deps = app.ipo;

  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminOf = (request: Parameters<typeof requireAuth>[0]) => ({ id: requireAuth(request).user.id, ip: request.ip });

  r.get('/m_ft/webull/new/stock', {
    config: { auth: 'public' },
    schema: { tags, summary: 'The new-stock (IPO) list, one page: price, lot, purchase end and listing dates', response: okResponse(z.array(ipoOfferingSchema)) },
  }, async () => ok(await ipo.listOfferings(deps)));

  r.post('/position/getIpoFullNum', {
    config: userRoute,
    schema: { tags, summary: 'Most lots the SUBSCRIPTION wallet’s available funds pay for', body: ipoFullNumBody, response: okResponse(ipoFullNumSchema) },
  }, async (request) => ok(await ipo.fullNum(deps, requireAuth(request).user.id, request.body)));

  r.post('/NewShares/create', {
    config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
    schema: { tags, summary: 'Subscribe to an IPO in whole lots; the money is frozen in the SUBSCRIPTION wallet until the allotment (Idempotency-Key)', body: ipoSubscribeBody, response: okResponse(ipoSubscriptionSchema) },
  }, async (request) => ok(await ipo.subscribe(deps, requireAuth(request).user.id, request.body, idempotencyKeyOf(request))));

  r.post('/position/subscription', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s IPO subscriptions, optionally of one offering', body: ipoSubscriptionsBody, response: okResponse(z.array(ipoSubscriptionSchema)) },
  }, async (request) => ok(await ipo.mySubscriptions(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/subscriptionOrder/pageList', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s IPO subscriptions, paged, optionally by status (0 waiting, 1 allotted, 2 not allotted)', body: ipoSubscriptionPageBody, response: okResponse(pageSchema(ipoSubscriptionSchema)) },
  }, async (request) => ok(await ipo.subscriptionPage(deps, requireAuth(request).user.id, request.body)));

  r.post('/NewShares/draw', {
    config: userRoute,
    schema: { tags, summary: 'The allotment draw of an offering the caller subscribed to: seed hash, seed and digest once drawn, every ticket range (theirs marked), to replay it', body: ipoDrawBody, response: okResponse(ipoDrawSchema) },
  }, async (request) => ok(await ipo.subscriberDraw(deps, requireAuth(request).user.id, request.body.id)));

  r.get('/admin/ipos', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'IPOs with their demand and allotment', response: okResponse(z.array(adminIpoSchema)) },
  }, async () => ok(await admin.adminList(deps)));

  r.post('/admin/ipos', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Create an IPO of a US stock in the instrument master', body: createIpoBody, response: okResponse(adminIpoSchema) },
  }, async (request) => ok(await admin.createOffering(deps, adminOf(request), request.body)));

  r.post('/admin/ipos/:id', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Edit an IPO before its purchase ends (price and lot size only while nobody has subscribed)', params: ipoIdParams, body: updateIpoBody, response: okResponse(adminIpoSchema) },
  }, async (request) => ok(await admin.updateOffering(deps, adminOf(request), request.params.id, request.body)));

  r.post('/admin/ipos/:id/allot', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'Run a due allotment now (the timer does it too); nothing more once allotted', params: ipoIdParams, body: emptyBody.optional(), response: okResponse(adminIpoSchema) },
  }, async (request) => ok(await admin.allotNow(deps, adminOf(request), request.params.id)));

  r.get('/admin/ipos/:id/allotment', {
    config: adminRoute,
    schema: { tags: adminTags, summary: 'The allotment record: seed, draw digest and every subscriber’s tickets and lots', params: ipoIdParams, response: okResponse(z.object({ offering: adminIpoSchema, lines: z.array(ipoAllotmentSchema) })) },
  }, async (request) => ok(await admin.allotmentRecord(deps, request.params.id)));
}

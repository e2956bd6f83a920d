import {
  emptyBody,
  idBody,
  otherWithdrawalApplyBody,
  pageBody,
  pageSchema,
  paymentMethodBody,
  paymentMethodSchema,
  rejectBody,
  reviewParams,
  reviewQueueQuery,
  updatePaymentMethodBody,
  usableWithdrawalSchema,
  withdrawalDestinationSchema,
  withdrawalApplyBody,
  withdrawalSchema,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okNull, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.js';
import { pushWalletBalance } from '../wallet/index.js';
import * as methods from './payment-methods.js';
import * as withdrawals from './withdrawals.service.js';

const userRoute = { auth: 'user' } as const;
const adminRoute = { auth: 'admin' } as const;

/** SPEC §7 payment methods (UserAccount) and withdrawals, and the back office's withdrawal queue. */
export function withdrawalsRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const deps: withdrawals.WithdrawalDeps = { db, clock: app.clock, config: app.config, rateLimiter: app.rateLimiter, notify: app.inboxNotifier, onBalanceChanged: (userId) => pushWalletBalance(app, userId) };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Payment methods'];

  r.post('/UserAccount/SelectCardNo', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s bank cards and wallets (card numbers masked)', body: emptyBody.optional(), response: okResponse(z.array(paymentMethodSchema)) },
  }, async (request) => ok((await methods.listMethods(db, requireAuth(request).user.id)).map(methods.toPaymentMethod)));

  r.post('/UserAccount/addCardNo', {
    config: userRoute,
    schema: { tags, summary: 'Save a bank card or a digital-currency wallet (address checked per network)', body: paymentMethodBody, response: okResponse(paymentMethodSchema) },
  }, async (request) => ok(methods.toPaymentMethod(await methods.addMethod(db, requireAuth(request).user.id, request.body, app.clock.now()))));

  r.post('/UserAccount/UpdateCardNo', {
    config: userRoute,
    schema: { tags, summary: 'Change a saved payment method', body: updatePaymentMethodBody, response: okResponse(paymentMethodSchema) },
  }, async (request) => {
    const { id, ...input } = request.body;
    return ok(methods.toPaymentMethod(await methods.updateMethod(db, requireAuth(request).user.id, id, input)));
  });

  r.post('/UserAccount/delete-card', {
    config: userRoute,
    schema: { tags, summary: 'Remove a saved payment method', body: idBody, response: okNull },
  }, async (request) => {
    await methods.deleteMethod(db, requireAuth(request).user.id, request.body.id, app.clock.now());
    return ok(null);
  });

  const wtags = ['Withdrawals'];
  r.get('/withdrawal/getUsableWithdrawalAmount', {
    config: userRoute,
    schema: { tags: wtags, summary: 'What can be withdrawn now (funding wallet, USD)', response: okResponse(usableWithdrawalSchema) },
  }, async (request) => ok(await withdrawals.usableAmount(deps, requireAuth(request).user.id)));

  r.post('/withdrawal/withdrawal-apply', {
    config: { ...userRoute, rateLimit: 'payPassword', idempotencyKey: true },
    schema: { tags: wtags, summary: 'Withdraw to a saved payment method; needs the pay password (and totpCode when two-factor sign-in is on); the amount is frozen until reviewed', body: withdrawalApplyBody, response: okResponse(withdrawalSchema) },
  }, async (request) => ok(await withdrawals.applyToSavedMethod(deps, requireAuth(request).user.id, request.body, idempotencyKeyOf(request))));

  r.post('/withdrawal/other-withdrawal-apply', {
    config: { ...userRoute, rateLimit: 'payPassword', idempotencyKey: true },
    schema: { tags: wtags, summary: 'Withdraw to a destination entered now; needs the pay password (and totpCode when two-factor sign-in is on)', body: otherWithdrawalApplyBody, response: okResponse(withdrawalSchema) },
  }, async (request) => ok(await withdrawals.applyToOther(deps, requireAuth(request).user.id, request.body, idempotencyKeyOf(request))));

  r.post('/withdrawal/listPage', {
    config: userRoute,
    schema: { tags: wtags, summary: 'The caller’s withdrawals with their review status', body: pageBody, response: okResponse(pageSchema(withdrawalSchema)) },
  }, async (request) => ok(await withdrawals.listWithdrawals(deps, { userId: requireAuth(request).user.id }, request.body)));

  r.get('/admin/withdrawals', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'Withdrawal queue', querystring: reviewQueueQuery, response: okResponse(pageSchema(withdrawalSchema)) },
  }, async (request) => ok(await withdrawals.listWithdrawals(deps, { status: request.query.status }, request.query, true)));

  r.post('/withdrawal/cancel', {
    config: userRoute,
    schema: { tags: wtags, summary: 'Cancel one of the caller’s pending withdrawals: the frozen amount is released (once, whatever a review does at the same moment)', body: idBody, response: okResponse(withdrawalSchema) },
  }, async (request) => ok(await withdrawals.cancelWithdrawal(deps, requireAuth(request).user.id, request.body.id)));

  r.get('/admin/withdrawals/:id/destination', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'The full destination to pay out to (account number and address unmasked); every view is audited', params: reviewParams, response: okResponse(withdrawalDestinationSchema) },
  }, async (request) => ok(await withdrawals.revealDestination(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id)));

  r.post('/admin/withdrawals/:id/approve', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'Pay out: the frozen amount leaves the ledger', params: reviewParams, body: emptyBody, response: okResponse(withdrawalSchema) },
  }, async (request) =>
    ok(await withdrawals.reviewWithdrawal(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id, { approve: true })));

  r.post('/admin/withdrawals/:id/reject', {
    config: adminRoute,
    schema: { tags: ['Back office'], summary: 'Refuse with a reason: the frozen amount is released', params: reviewParams, body: rejectBody, response: okResponse(withdrawalSchema) },
  }, async (request) =>
    ok(await withdrawals.reviewWithdrawal(deps, { adminId: requireAuth(request).user.id, ip: request.ip }, request.params.id, { approve: false, reason: request.body.reason })));
}

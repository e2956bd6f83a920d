import {
  cancelTransferBody,
  emptyBody,
  pageSchema,
  transferBody,
  transferListBody,
  transferSchema,
  walletBalanceBody,
  walletBalanceSchema,
  walletBillBody,
  walletBillItemSchema,
  walletOverviewSchema,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.js';
import * as wallet from './wallet.service.js';
import { pushWalletBalance } from './wallet.plugin.js';

const tags = ['Wallets'];
const userRoute = { auth: 'user' } as const;

/** SPEC §7 wallet calls. Money-moving ones accept an `Idempotency-Key` header. */
export function walletRoutes(app: FastifyInstance) {
  const deps = app.wallet;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/wallet/getWalletBalance', {
    config: userRoute,
    schema: { tags, summary: 'Balance, available and frozen of one wallet', body: walletBalanceBody, response: okResponse(walletBalanceSchema) },
  }, async (request) => ok(await wallet.walletBalance(deps, requireAuth(request).user.id, request.body.walletType, request.body.currency)));

  r.post('/userCenter/getWalletBalance', {
    config: userRoute,
    schema: { tags, summary: 'Every wallet with a USD total', body: emptyBody.optional(), response: okResponse(walletOverviewSchema) },
  }, async (request) => ok(await wallet.walletOverview(deps, requireAuth(request).user.id)));

  r.post('/wallet/getWalletBill', {
    config: userRoute,
    schema: { tags, summary: 'Every posting on the caller’s wallets, newest first', body: walletBillBody, response: okResponse(pageSchema(walletBillItemSchema)) },
  }, async (request) => ok(await wallet.walletBill(deps, requireAuth(request).user.id, request.body, request.locale)));

  r.post('/wallet/transfer', {
    config: { ...userRoute, idempotencyKey: true },
    schema: { tags, summary: 'Move money between the caller’s wallets (pending, cancellable until it settles)', body: transferBody, response: okResponse(transferSchema) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    const transfer = await wallet.createTransfer(deps, userId, request.body, idempotencyKeyOf(request));
    pushWalletBalance(app, userId, transfer.fromWallet);
    return ok(transfer);
  });

  r.post('/wallet/cancelTransfer', {
    config: userRoute,
    schema: { tags, summary: 'Cancel a pending transfer', body: cancelTransferBody, response: okResponse(transferSchema) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    const transfer = await wallet.cancelTransfer(deps, userId, request.body.id);
    pushWalletBalance(app, userId, transfer.fromWallet);
    return ok(transfer);
  });

  r.post('/wallet/transferList', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s transfers, newest first', body: transferListBody, response: okResponse(pageSchema(transferSchema)) },
  }, async (request) => ok(await wallet.listTransfers(deps, requireAuth(request).user.id, request.body)));
}

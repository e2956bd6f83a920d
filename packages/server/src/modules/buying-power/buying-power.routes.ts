import { buyingPowerSchema, emptyBody, fundAndPlaceBody, fundAndPlaceSchema, fundingPlanBody, fundingPlanSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { pushWalletBalance } from '../wallet/index.js';
import * as buyingPower from './buying-power.service.js';

const tags = ['Wallets'];
const userRoute = { auth: 'user' } as const;

/** Issue 18 item 3: the account in one currency, where money for a short wallet can come from, and the one-step transfer-and-place. Register after trading and IPO routes. */
export function buyingPowerRoutes(app: FastifyInstance) {
  const wallet = app.wallet;
  const trading = app.trading;
  const ipo = app.ipo;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/userCenter/getBuyingPower', {
    config: userRoute,
    schema: { tags, summary: 'Total equity in the display currency (USD), each wallet’s available amount and why the rest is held', body: emptyBody.optional(), response: okResponse(buyingPowerSchema) },
  }, async (request) => ok(await buyingPower.buyingPower({ ...wallet, trading }, requireAuth(request).user.id)));

  r.post('/wallet/fundingPlan', {
    config: userRoute,
    schema: { tags, summary: 'Which other wallets can cover an amount more in a wallet, and what each would have to send', body: fundingPlanBody, response: okResponse(fundingPlanSchema) },
  }, async (request) => ok(await buyingPower.fundingPlan(wallet, requireAuth(request).user.id, request.body)));

  r.post('/wallet/fundAndPlace', {
    config: { ...userRoute, rateLimit: 'order' },
    schema: {
      tags,
      summary: 'Transfer from another wallet (settled at once) and place an order, IPO application or follow, in one transaction; each part keeps its own idempotency key',
      body: fundAndPlaceBody,
      response: okResponse(fundAndPlaceSchema),
    },
  }, async (request) => {
    const user = requireAuth(request).user;
    const result = await buyingPower.fundAndPlace({ wallet, trading, ipo }, user, request.body);
    pushWalletBalance(app, user.id, result.transfer.fromWallet);
    pushWalletBalance(app, user.id, result.transfer.toWallet);
    return ok(result);
  });
}

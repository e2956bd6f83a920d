import {
  addMarginBody,
  cancelOrderBody,
  createFuturesOrderBody,
  createOrderBody,
  emptyBody,
  flatPositionBody,
  fundingOverviewSchema,
  halfOrFullBody,
  halfOrFullSchema,
  minCountBody,
  orderSchema,
  pageSchema,
  pagedListBody,
  positionByStockBody,
  positionListBody,
  positionSchema,
  setTpSlBody,
  tradingRulesSchema,
  AssetSource,
  blockOfferSchema,
  blockTradeCreateBody,
  createBlockOfferBody,
  adminBlockOfferSchema,
  blockOfferParams,
  updateBlockOfferBody,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { idempotencyKeyOf } from '../../plugins/idempotency-key.js';
import * as blockTrades from './block-trades.js';
import * as blockDesk from './block-offers-admin.js';
import { fundingOverview } from './funding-overview.js';
import { futuresOrderInput } from './order-entry.js';
import { cancelOrder, placeOrder } from './orders.service.js';
import { addMargin, closePosition, setTpSl } from './positions.service.js';
import { closedPositions, halfOrFull, myPositions, orderHistory, positionsByStock, restingOrders, sourceFromPath, sourceRules } from './trading-queries.service.js';
import { applyForTrading } from './trade-permission.service.js';

const tags = ['Trading'];

const userRoute = { auth: 'user' } as const;
const orderResponse = okResponse(orderSchema);
const positionList = okResponse(z.array(positionSchema));

/** SPEC §7 order creation (by asset source), positions and orders calls, with the engine behind them (trading.plugin.ts). */
export function tradingRoutes(app: FastifyInstance) {
  orderRoutes(app);
  blockTradeRoutes(app);
  positionRoutes(app);
  rulesRoutes(app);
}

/** Placing orders: stocks, indices and forex, Taiwan stocks, futures. */
function orderRoutes(app: FastifyInstance) {
  const deps = app.trading;
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const path of ['/stock/create', '/twStock/create'] as const) {
    r.post(path, {
      config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
      schema: { tags, summary: `Place an order (${path === '/stock/create' ? 'stocks, indices, forex' : 'Taiwan stocks'})`, body: createOrderBody, response: orderResponse },
    }, async (request) => {
      const body = request.body;
      const source = sourceFromPath(path, body.source);
      return ok(await placeOrder(deps, requireAuth(request).user, { ...body, source }, idempotencyKeyOf(request)));
    });
  }

  r.post('/gold/create', {
    config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
    schema: { tags, summary: 'Place a futures order', body: createFuturesOrderBody, response: orderResponse },
  }, async (request) => {
    const input = futuresOrderInput(request.body);
    return ok(await placeOrder(deps, requireAuth(request).user, input, idempotencyKeyOf(request)));
  });
}

/** Block offers: users buy them, the desk publishes, edits and withdraws them. */
function blockTradeRoutes(app: FastifyInstance) {
  const deps = app.trading;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/blockTrade/list', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Block offers the desk publishes', response: okResponse(z.array(blockOfferSchema)) },
  }, async () => ok(await blockTrades.listOffers(deps)));

  r.post('/blockTrade/create', {
    config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
    schema: { tags, summary: 'Buy a block (at least 10,000 shares) at the desk’s price; needs block-trading permission', body: blockTradeCreateBody, response: orderResponse },
  }, async (request) => ok(await blockTrades.buyBlock(deps, requireAuth(request).user.id, request.body, idempotencyKeyOf(request))));

  r.post('/admin/block-offers', {
    config: { auth: 'admin' },
    schema: { tags: ['Back office'], summary: 'Publish a block offer', body: createBlockOfferBody, response: okResponse(blockOfferSchema) },
  }, async (request) => ok(await blockTrades.publishOffer(deps, { id: requireAuth(request).user.id, ip: request.ip }, request.body)));

  r.get('/admin/block-offers', {
    config: { auth: 'admin' },
    schema: { tags: ['Back office'], summary: 'Block offers, withdrawn ones too, with their takers', response: okResponse(z.array(adminBlockOfferSchema)) },
  }, async () => ok(await blockDesk.adminOffers(deps)));

  r.post('/admin/block-offers/:id', {
    config: { auth: 'admin' },
    schema: { tags: ['Back office'], summary: 'Edit an open block offer (price, minimum, remaining size, end); audited', params: blockOfferParams, body: updateBlockOfferBody, response: okResponse(adminBlockOfferSchema) },
  }, async (request) => ok(await blockDesk.updateOffer(deps, { id: requireAuth(request).user.id, ip: request.ip }, request.params.id, request.body)));

  r.post('/admin/block-offers/:id/withdraw', {
    config: { auth: 'admin' },
    schema: { tags: ['Back office'], summary: 'Withdraw a block offer: users no longer see or buy it; audited', params: blockOfferParams, body: emptyBody.optional(), response: okResponse(adminBlockOfferSchema) },
  }, async (request) => ok(await blockDesk.withdrawOffer(deps, { id: requireAuth(request).user.id, ip: request.ip }, request.params.id)));
}

/** The caller's positions, resting orders and history, and what closes or funds a position. */
function positionRoutes(app: FastifyInstance) {
  const deps = app.trading;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/userCenter/getFundingOverview', {
    config: userRoute,
    schema: { tags: ['Wallets'], summary: "Today's profit and the account totals (USD)", body: emptyBody.optional(), response: okResponse(fundingOverviewSchema) },
  }, async (request) => ok(await fundingOverview(deps, requireAuth(request).user.id)));

  r.post('/position/me', {
    config: userRoute,
    schema: { tags, summary: 'Open positions with live profit', body: positionListBody, response: positionList },
  }, async (request) => ok(await myPositions(deps, requireAuth(request).user.id, request.body.source)));

  r.post('/position/getByStock', {
    config: userRoute,
    schema: { tags, summary: 'Open positions in one instrument', body: positionByStockBody, response: positionList },
  }, async (request) => ok(await positionsByStock(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/consignList', {
    config: userRoute,
    schema: { tags, summary: 'Resting limit, stop and stop-limit orders', body: positionListBody, response: okResponse(z.array(orderSchema)) },
  }, async (request) => ok(await restingOrders(deps, requireAuth(request).user.id, request.body.source)));

  r.post('/orders/cancel', {
    config: userRoute,
    schema: { tags, summary: 'Cancel a resting limit, stop or stop-limit order; its frozen funds are released', body: cancelOrderBody, response: orderResponse },
  }, async (request) => ok(await cancelOrder(deps, requireAuth(request).user.id, request.body.id)));

  r.post('/position/flatPosition', {
    config: { ...userRoute, idempotencyKey: true },
    schema: { tags, summary: 'Close a position at market, whole or in part', body: flatPositionBody, response: orderResponse },
  }, async (request) =>
    ok(await closePosition(deps, requireAuth(request).user.id, request.body.id, request.body.quantity, 'user', idempotencyKeyOf(request))));

  r.post('/position/setTpSl', {
    config: userRoute,
    schema: { tags, summary: 'Set, move or clear (null) the take-profit and stop-loss of an open position', body: setTpSlBody, response: okResponse(positionSchema) },
  }, async (request) => ok(await setTpSl(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/flatList', {
    config: userRoute,
    schema: { tags, summary: 'Closed positions with realised profit', body: pagedListBody, response: okResponse(pageSchema(positionSchema)) },
  }, async (request) => ok(await closedPositions(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/water/pageList', {
    config: userRoute,
    schema: { tags, summary: 'Order and fill history', body: pagedListBody, response: okResponse(pageSchema(orderSchema)) },
  }, async (request) => ok(await orderHistory(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/twStock/pageList', {
    config: userRoute,
    schema: { tags, summary: 'Taiwan stock order history', body: pagedListBody, response: okResponse(pageSchema(orderSchema)) },
  }, async (request) => ok(await orderHistory(deps, requireAuth(request).user.id, { ...request.body, source: AssetSource.TwStock })));

  r.post('/position/addPositionMargin', {
    config: { ...userRoute, idempotencyKey: true },
    schema: { tags, summary: 'Move more margin from the wallet into a position', body: addMarginBody, response: okResponse(positionSchema) },
  }, async (request) =>
    ok(await addMargin(deps, requireAuth(request).user.id, request.body.id, request.body.amount, idempotencyKeyOf(request))));

  r.post('/position/getHalfOrFullNum', {
    config: userRoute,
    schema: { tags, summary: 'Largest quantity the available funds open, and half of it', body: halfOrFullBody, response: okResponse(halfOrFullSchema) },
  }, async (request) => ok(await halfOrFull(deps, requireAuth(request).user.id, request.body)));
}

/** The trading rules of an asset source, and the application for trading permission. */
function rulesRoutes(app: FastifyInstance) {
  const deps = app.trading;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/stocka_config/getMinCount', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Minimum quantity, step, leverage limit and fees of an asset source', body: minCountBody, response: okResponse(tradingRulesSchema) },
  }, (request) => ok(sourceRules(deps, request.body)));

  r.post('/api/user/userSet/applyStatus', {
    config: userRoute,
    schema: { tags, summary: 'Apply for trading permission: it needs a verified identity, so before that the application waits (1) and TRADING_AUTO_APPROVE grants it when identity is verified; after, it is granted at once (3) or, with auto-approval off, waits for staff', body: emptyBody.optional(), response: okResponse(z.object({ tradePermission: z.number().int() })) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    const tradePermission = await applyForTrading(app.database.db, userId, app.config.TRADING_AUTO_APPROVE);
    // The permission travels with the signed-in session (SessionCache): every process forgets its copy.
    app.bus.publish('usersChanged', { userIds: [userId] });
    return ok({ tradePermission });
  });
}

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
import { walletDepsOf } from '../wallet/index.js';
import * as repo from './trading.repository.js';
import * as blockTrades from './block-trades.js';
import * as blockDesk from './block-offers-admin.js';
import { fundingOverview } from './funding-overview.js';
import { TradingEngine } from './trading-engine.js';
import { publicRules } from './trading-rules.js';
import { AppError } from '../../lib/app-error.js';
import { futuresOrderInput } from './order-entry.js';
import * as trading from './trading.service.js';
import { identityVerified } from '../kyc/index.js';

const tags = ['Trading'];

// The deps with the running engine, for modules that open or close positions themselves (follow orders).
const runningDeps = new WeakMap<object, trading.TradingDeps>();

/** The trading deps of this server (its engine hears of every position); tradingRoutes must be registered first. */
export function tradingDepsOf(app: FastifyInstance): trading.TradingDeps {
  const deps = runningDeps.get(app.database);
  if (!deps) throw new Error('tradingRoutes must be registered before the modules that trade through it');
  return deps;
}
const userRoute = { auth: 'user' } as const;
const orderResponse = okResponse(orderSchema);
const positionList = okResponse(z.array(positionSchema));

/** SPEC §7 order creation (by asset source), positions and orders calls, with the engine behind them. */
export function tradingRoutes(app: FastifyInstance) {
  const walletDeps = walletDepsOf(app);
  const engine = new TradingEngine(app.userChannels, () => walletDeps, app.log);
  // The owner hears of a change from the process that made it; the engine, which runs on the
  // leader only, hears of it directly there and over the bus from the other processes.
  const events: trading.TradingEvents = {
    orderChanged(row) {
      engine.orderChanged(row);
      if (!engine.running) app.bus.publish('changed', { kind: 'order', id: row.id });
    },
    positionChanged(row) {
      engine.positionChanged(row);
      if (!engine.running) app.bus.publish('changed', { kind: 'position', id: row.id });
    },
  };
  const deps: trading.TradingDeps = { db: app.database.db, clock: app.clock, config: app.config, market: app.market.deps, events, notify: app.inboxNotifier };
  engine.bind(deps);
  runningDeps.set(app.database, deps);
  app.leadership.register('trading engine', engine);
  const stopChanges = app.bus.subscribe('changed', ({ kind, id }) => {
    if (kind === 'robot') return;
    engine.reload(kind, id).catch((error: unknown) => app.log.error({ err: error, kind, id }, 'trading: reloading a changed row failed'));
  });
  const stopTicks = app.market.bus.subscribe((tick) => engine.onTick(tick));
  app.addHook('onClose', () => {
    stopTicks();
    stopChanges();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const path of ['/stock/create', '/twStock/create'] as const) {
    r.post(path, {
      config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
      schema: { tags, summary: `Place an order (${path === '/stock/create' ? 'stocks, indices, forex' : 'Taiwan stocks'})`, body: createOrderBody, response: orderResponse },
    }, async (request) => {
      const body = request.body;
      const source = trading.sourceFromPath(path, body.source);
      return ok(await trading.placeOrder(deps, requireAuth(request).user, { ...body, source }, idempotencyKeyOf(request)));
    });
  }

  r.post('/gold/create', {
    config: { ...userRoute, rateLimit: 'order', idempotencyKey: true },
    schema: { tags, summary: 'Place a futures order', body: createFuturesOrderBody, response: orderResponse },
  }, async (request) => {
    const input = futuresOrderInput(request.body);
    return ok(await trading.placeOrder(deps, requireAuth(request).user, input, idempotencyKeyOf(request)));
  });

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

  r.post('/userCenter/getFundingOverview', {
    config: userRoute,
    schema: { tags: ['Wallets'], summary: "Today's profit and the account totals (USD)", body: emptyBody.optional(), response: okResponse(fundingOverviewSchema) },
  }, async (request) => ok(await fundingOverview(deps, requireAuth(request).user.id)));

  r.post('/position/me', {
    config: userRoute,
    schema: { tags, summary: 'Open positions with live profit', body: positionListBody, response: positionList },
  }, async (request) => ok(await trading.myPositions(deps, requireAuth(request).user.id, request.body.source)));

  r.post('/position/getByStock', {
    config: userRoute,
    schema: { tags, summary: 'Open positions in one instrument', body: positionByStockBody, response: positionList },
  }, async (request) => ok(await trading.positionsByStock(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/consignList', {
    config: userRoute,
    schema: { tags, summary: 'Resting limit, stop and stop-limit orders', body: positionListBody, response: okResponse(z.array(orderSchema)) },
  }, async (request) => ok(await trading.restingOrders(deps, requireAuth(request).user.id, request.body.source)));

  r.post('/orders/cancel', {
    config: userRoute,
    schema: { tags, summary: 'Cancel a resting limit, stop or stop-limit order; its frozen funds are released', body: cancelOrderBody, response: orderResponse },
  }, async (request) => ok(await trading.cancelOrder(deps, requireAuth(request).user.id, request.body.id)));

  r.post('/position/flatPosition', {
    config: { ...userRoute, idempotencyKey: true },
    schema: { tags, summary: 'Close a position at market, whole or in part', body: flatPositionBody, response: orderResponse },
  }, async (request) =>
    ok(await trading.closePosition(deps, requireAuth(request).user.id, request.body.id, request.body.quantity, 'user', idempotencyKeyOf(request))));

  r.post('/position/setTpSl', {
    config: userRoute,
    schema: { tags, summary: 'Set, move or clear (null) the take-profit and stop-loss of an open position', body: setTpSlBody, response: okResponse(positionSchema) },
  }, async (request) => ok(await trading.setTpSl(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/flatList', {
    config: userRoute,
    schema: { tags, summary: 'Closed positions with realised profit', body: pagedListBody, response: okResponse(pageSchema(positionSchema)) },
  }, async (request) => ok(await trading.closedPositions(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/water/pageList', {
    config: userRoute,
    schema: { tags, summary: 'Order and fill history', body: pagedListBody, response: okResponse(pageSchema(orderSchema)) },
  }, async (request) => ok(await trading.orderHistory(deps, requireAuth(request).user.id, request.body)));

  r.post('/position/twStock/pageList', {
    config: userRoute,
    schema: { tags, summary: 'Taiwan stock order history', body: pagedListBody, response: okResponse(pageSchema(orderSchema)) },
  }, async (request) => ok(await trading.orderHistory(deps, requireAuth(request).user.id, { ...request.body, source: AssetSource.TwStock })));

  r.post('/position/addPositionMargin', {
    config: { ...userRoute, idempotencyKey: true },
    schema: { tags, summary: 'Move more margin from the wallet into a position', body: addMarginBody, response: okResponse(positionSchema) },
  }, async (request) =>
    ok(await trading.addMargin(deps, requireAuth(request).user.id, request.body.id, request.body.amount, idempotencyKeyOf(request))));

  r.post('/position/getHalfOrFullNum', {
    config: userRoute,
    schema: { tags, summary: 'Largest quantity the available funds open, and half of it', body: halfOrFullBody, response: okResponse(halfOrFullSchema) },
  }, async (request) => ok(await trading.halfOrFull(deps, requireAuth(request).user.id, request.body)));

  r.post('/stocka_config/getMinCount', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Minimum quantity, step, leverage limit and fees of an asset source', body: minCountBody, response: okResponse(tradingRulesSchema) },
  }, (request) => {
    const { stockCode, source = AssetSource.Stock } = request.body;
    const instrument = stockCode
      ? trading.tradableInstrument(deps, { stockCode, source: request.body.source })
      : app.market.deps.catalog.all.find((i) => i.source === source);
    if (!instrument) throw AppError.badRequest('order.notTradable', { code: String(source) });
    return ok(publicRules(app.config, instrument, app.market.deps.feed.quote(instrument).price));
  });

  r.post('/api/user/userSet/applyStatus', {
    config: userRoute,
    schema: { tags, summary: 'Apply for trading permission: it needs a verified identity, so before that the application waits (1) and TRADING_AUTO_APPROVE grants it when identity is verified; after, it is granted at once (3) or, with auto-approval off, waits for staff', body: emptyBody.optional(), response: okResponse(z.object({ tradePermission: z.number().int() })) },
  }, async (request) => {
    const { user } = requireAuth(request);
    const current = await repo.tradePermission(app.database.db, user.id);
    const next = current === 3 ? 3 : app.config.TRADING_AUTO_APPROVE && (await identityVerified(app.database.db, user.id)) ? 3 : 1;
    await repo.setTradePermission(app.database.db, [user.id], next);
    return ok({ tradePermission: next });
  });
}

import {
  popularSchema,
  futuresContractSchema,
  futuresDetailSchema,
  futuresListQuery,
  futuresOptionsQuery,
  instrumentQuery,
  klineQuery,
  klineSchema,
  marketLookupBody,
  symbolKey,
  marketLookupSchema,
  marketDataSourceSchema,
  marketStatusSchema,
  pageSchema,
  quoteItemSchema,
  searchQuery,
  stockDetailSchema,
  stockListQuery,
  summaryDetailSchema,
  topListQuery,
  tradingDayPageBody,
  tradingDaySchema,
  twStockListQuery,
  emptyBody,
  type Envelope,
} from '@tradewind/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { AppError } from '../../lib/app-error.js';
import { ANY_TICK, AnswerCache, type Scope } from './answer-cache.js';
import type { Instrument } from './catalog/instruments.js';
import * as market from './market.service.js';
import { logoSvg } from './catalog/logo.js';
import { popular } from './catalog/popular.js';

const tags = ['Market data'];
const publicRoute = { auth: 'public' } as const;
const quoteList = okResponse(z.array(quoteItemSchema));
const quotePage = okResponse(pageSchema(quoteItemSchema));

/** What the caller watches, kept by the watchlist module; composition passes it in, so market does not import watchlist. */
export interface WatchedLookup {
  /** Keys `source:code` of what a caller watches; empty for a visitor. */
  keys(userId: number | undefined): Promise<market.WatchedSet>;
  /** The user's watched instruments, in their order. */
  instruments(userId: number): Promise<Instrument[]>;
}

export interface MarketRoutesOptions {
  watched: WatchedLookup;
}

/** SPEC §7 market data calls. All public; a signed-in caller also gets `selfSelectStatus`. */
export function marketRoutes(app: FastifyInstance, options: MarketRoutesOptions) {
  const cache = new AnswerCache({ now: app.market.deps.now });
  const stopListening = app.market.bus.subscribe((tick) => cache.ticked(symbolKey(tick)));
  app.addHook('onClose', (_app, done) => {
    stopListening();
    done();
  });
  listRoutes(app, options.watched, cache);
  instrumentRoutes(app, options.watched, cache);
  referenceRoutes(app);
}

const keysOf = (watched: WatchedLookup) => (request: FastifyRequest) => watched.keys(request.auth?.user.id);

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `build`'s answer, serialised by the route's own serializer, kept in the cache under `key` until a
 * tick of `scope` (issue 22: the same bytes for everyone asking between two ticks cost one build), and
 * publishes it to the answer fast lane, which answers the same URL until then without Fastify. Sync, so the
 * handler that calls it returns nothing and Fastify sends nothing more.
 */
function cachedAnswer(request: FastifyRequest, reply: FastifyReply, cache: AnswerCache, key: string, scope: Scope, build: () => unknown): void {
  void reply.type(JSON_TYPE).send(cache.answer(key, scope, () => reply.serialize(build()) as string));
  request.server.answerFastLane.publish(request.url, request.routeOptions.url ?? request.url, () => cache.current(key, scope));
}

type Keys = (request: FastifyRequest) => Promise<market.WatchedSet>;

/**
 * An answer whose `selfSelectStatus` flags depend on the caller: from the cache for a visitor (every
 * visitor's is the same), built afresh for a signed-in caller, whose flags are theirs alone.
 */
function visitorCached<T>(request: FastifyRequest, reply: FastifyReply, cache: AnswerCache, key: string, scope: Scope, keys: Keys, build: (watched: market.WatchedSet) => T): void | Promise<Envelope<T>> {
  if (!request.auth) return cachedAnswer(request, reply, cache, key, scope, () => ok(build(new Set())));
  return keys(request).then((watched) => ok(build(watched)));
}

/** Quote lists: rankings, searches, the home list, popular and the futures contract months. */
function listRoutes(app: FastifyInstance, watched: WatchedLookup, cache: AnswerCache) {
  const deps = app.market.deps;
  const keys = keysOf(watched);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = <T>(request: FastifyRequest, reply: FastifyReply, name: string, build: (watched: market.WatchedSet) => T) =>
    visitorCached(request, reply, cache, `${name}:${JSON.stringify(request.query ?? null)}`, ANY_TICK, keys, build);

  r.get('/m_ft/topList', {
    config: publicRoute,
    schema: { tags, summary: 'US gainers, losers or most active', querystring: topListQuery, response: quotePage },
  }, (request, reply) => list(request, reply, 'topList', (w) => market.topList(deps, request.query, w)));

  r.get('/m_ft/stock_list', {
    config: publicRoute,
    schema: { tags, summary: 'US stocks, optionally of one exchange', querystring: stockListQuery, response: quotePage },
  }, (request, reply) => list(request, reply, 'usStocks', (w) => market.usStocks(deps, request.query, w)));

  r.get('/m_ft/futures_list', {
    config: publicRoute,
    schema: { tags, summary: 'Futures (front month), optionally of one group', querystring: futuresListQuery, response: quoteList },
  }, (request, reply) => list(request, reply, 'futuresList', (w) => market.futuresList(deps, request.query.group, w)));

  r.get('/m_ft/futures_opt_list', {
    config: publicRoute,
    schema: { tags, summary: 'Listed contract months of a futures root', querystring: futuresOptionsQuery, response: okResponse(z.array(futuresContractSchema)) },
  }, (request) => ok(market.futuresOptions(deps, market.resolveInstrument(deps, { stockCode: request.query.stockCode, source: 3 }))));

  r.get('/m_ft/all_stock_list', {
    config: publicRoute,
    schema: { tags, summary: 'Search every instrument by code or name', querystring: searchQuery, response: quotePage },
  }, (request, reply) => list(request, reply, 'search', (w) => market.search(deps, request.query, w)));

  r.get('/m_ft/hot_stock', {
    config: publicRoute,
    schema: { tags, summary: 'Most traded US stocks today', response: quoteList },
  }, (request, reply) => list(request, reply, 'hotStocks', (w) => market.hotStocks(deps, w)));

  r.get('/m_ft/home_custom_list', {
    config: publicRoute,
    schema: { tags, summary: "Home's list: the caller's watchlist, or a starter set", response: quoteList },
  }, (request, reply) => {
    const userId = request.auth?.user.id;
    if (userId === undefined) return cachedAnswer(request, reply, cache, 'homeCustomList', ANY_TICK, () => ok(market.homeCustomList(deps, [], new Set())));
    return watched.instruments(userId).then((mine) => ok(market.homeCustomList(deps, mine, new Set(mine.map((i) => i.key)))));
  });

  r.get('/m_ft/popular', {
    config: publicRoute,
    schema: {
      tags,
      summary: 'Most traded (orders of the last 7 days) and most watched instruments',
      response: okResponse(popularSchema),
    },
  }, async (request) => ok(await popular(app.database.db, deps, await keys(request), new Date(deps.now() - 7 * 86_400_000))));

  r.get('/m_ft/global_index', {
    config: publicRoute,
    schema: { tags, summary: 'Global indices', response: quoteList },
  }, (request, reply) => list(request, reply, 'globalIndices', (w) => market.globalIndices(deps, w)));

  r.get('/tg_st/all_stock_list', {
    config: publicRoute,
    schema: { tags, summary: 'Taiwan (TWSE) stocks', querystring: twStockListQuery, response: quotePage },
  }, (request, reply) => list(request, reply, 'taiwanStocks', (w) => market.taiwanStocks(deps, request.query, w)));
}

/** One instrument: detail, summary, futures quote, chart, quote item, its market. */
function instrumentRoutes(app: FastifyInstance, watched: WatchedLookup, cache: AnswerCache) {
  const deps = app.market.deps;
  const keys = keysOf(watched);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = <T>(request: FastifyRequest, reply: FastifyReply, name: string, instrument: Instrument, build: (watched: market.WatchedSet) => T) =>
    visitorCached(request, reply, cache, `${name}:${instrument.key}`, instrument.key, keys, build);
  // Nobody's own: the same bytes for every caller until the instrument's next tick.
  const shared = (request: FastifyRequest, reply: FastifyReply, key: string, instrument: Instrument, build: () => unknown) => cachedAnswer(request, reply, cache, key, instrument.key, () => ok(build()));

  r.get('/m_ft/stock_detail_ft', {
    config: publicRoute,
    schema: { tags, summary: 'Quote with summary detail', querystring: instrumentQuery, response: okResponse(stockDetailSchema) },
  }, (request, reply) => {
    const instrument = market.resolveInstrument(deps, request.query);
    return one(request, reply, 'stockDetail', instrument, (w) => market.stockDetail(deps, instrument, w));
  });

  r.get('/m_ft/summary_detail', {
    config: publicRoute,
    schema: { tags, summary: 'Open, high, low, previous close, 52-week range, market cap', querystring: instrumentQuery, response: okResponse(summaryDetailSchema) },
  }, (request, reply) => {
    const instrument = market.resolveInstrument(deps, request.query);
    return shared(request, reply, `summaryDetail:${instrument.key}`, instrument, () => market.summaryDetail(deps, instrument));
  });

  r.get('/m_ft/detail_quote', {
    config: publicRoute,
    schema: { tags, summary: 'Futures quote: bid, ask, open interest, expiry, previous settle', querystring: instrumentQuery, response: okResponse(futuresDetailSchema) },
  }, (request, reply) => {
    const instrument = market.resolveInstrument(deps, { ...request.query, source: request.query.source ?? 3 });
    return one(request, reply, 'futuresDetail', instrument, (w) => market.futuresDetail(deps, instrument, w));
  });

  r.get('/m_ft/kline', {
    config: publicRoute,
    schema: { tags, summary: 'Chart points for a range (intraday, 1D, 1W, 1M, 3M, 1Y)', querystring: klineQuery, response: okResponse(klineSchema) },
  }, (request, reply) => {
    const instrument = market.resolveInstrument(deps, request.query);
    return shared(request, reply, `kline:${instrument.key}:${request.query.type}`, instrument, () => market.kline(deps, instrument, request.query.type));
  });

  r.get('/quotes/getStock', {
    config: publicRoute,
    schema: { tags, summary: 'One quote item', querystring: instrumentQuery, response: okResponse(quoteItemSchema) },
  }, (request, reply) => {
    const instrument = market.resolveInstrument(deps, request.query);
    return one(request, reply, 'quoteItem', instrument, (w) => market.quoteItem(deps, instrument, w));
  });

  r.post('/market/getMaket', {
    config: publicRoute,
    schema: { tags, summary: 'Which market an instrument trades on (null when unknown)', body: marketLookupBody, response: okResponse(marketLookupSchema.nullable()) },
  }, (request) => {
    const { stkcode, market: exchange, source } = request.body;
    const instrument = deps.catalog.find(stkcode, { market: exchange, source });
    return ok(instrument ? market.marketLookup(deps, instrument) : null);
  });
}

/** Markets' open state, the data source, the trading calendar and instrument logos. */
function referenceRoutes(app: FastifyInstance) {
  const deps = app.market.deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/market/getMakets', {
    config: publicRoute,
    schema: { tags, summary: 'Every market with its open state and next open or close', body: emptyBody.optional(), response: okResponse(z.array(marketStatusSchema)) },
  }, () => ok(market.marketStatuses(deps)));

  r.get('/market/dataSource', {
    config: publicRoute,
    schema: { tags, summary: 'Where prices come from: provider, simulated or real, real-time or delayed (issue 18)', response: okResponse(marketDataSourceSchema) },
  }, () => ok(app.market.source));

  r.post('/stocka_trading_day/getPageList', {
    config: publicRoute,
    schema: { tags, summary: 'Trading calendar: dates, holidays and session times', body: tradingDayPageBody, response: okResponse(pageSchema(tradingDaySchema)) },
  }, (request) => ok(market.tradingDays(deps, request.body)));

  r.get('/logo/:source/:file', {
    config: publicRoute,
    schema: { tags, summary: 'Generated initials logo (SVG)', params: z.strictObject({ source: z.coerce.number().int(), file: z.string().regex(/^[A-Za-z0-9.^=-]+\.svg$/) }) },
  }, (request, reply) => {
    const code = request.params.file.replace(/\.svg$/, '').toUpperCase();
    const instrument = deps.catalog.get(request.params.source, code);
    if (!instrument) throw AppError.notFound('market.unknownInstrument', { code });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(logoSvg(instrument.code, instrument.name));
  });
}

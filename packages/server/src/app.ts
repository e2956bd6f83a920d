import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import type { DatabaseHandle } from './db/client.js';
import { equityPlugin, equityRoutes } from './modules/equity/index.js';
import { adminRoutes, adminUsersRoutes, appClockRoutes } from './modules/admin/index.js';
import { ShiftableClock, systemClock, type Clock } from './lib/clock.js';
import { AnswerFastLane } from './lib/answer-fast-lane.js';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { MemoryRateLimitStore, RateLimiter } from './lib/rate-limiter.js';
import { RedisRateLimitStore } from './lib/redis-rate-limit-store.js';
import { seedDemoData } from './seed/demo-data.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { findSessionByToken, SessionCache } from './modules/sessions/index.js';
import { alertsPlugin, alertsRoutes } from './modules/alerts/index.js';
import { recurringPlugin, recurringRoutes } from './modules/recurring/index.js';
import { articlesRoutes } from './modules/articles/index.js';
import { appConfigRoutes, findPublishedVersion } from './modules/app-config/index.js';
import { chatRoutes } from './modules/chat/index.js';
import { emailPlugin } from './modules/email/index.js';
import { depositsRoutes } from './modules/deposits/index.js';
import { buyingPowerRoutes } from './modules/buying-power/index.js';
import { followPlugin, followRoutes } from './modules/follow/index.js';
import { healthRoutes } from './modules/health/index.js';
import { inboxPlugin, inboxRoutes } from './modules/inbox/index.js';
import { ipoPlugin, ipoRoutes } from './modules/ipo/index.js';
import { kycRoutes } from './modules/kyc/index.js';
import { marketPlugin, marketRoutes, type HistoryAhead } from './modules/market/index.js';
import { realtimeRoutes, userChannelsPlugin } from './modules/realtime/index.js';
import { robotsPlugin, robotsRoutes } from './modules/robots/index.js';
import { statementRoutes } from './modules/statement/index.js';
import { refuseAdminWithoutTotp, twoFactorRoutes } from './modules/two-factor/index.js';
import { tradingPlugin, tradingRoutes } from './modules/trading/index.js';
import { uploadsRoutes } from './modules/uploads/index.js';
import { walletPlugin, walletRoutes } from './modules/wallet/index.js';
import { watchedLookup, watchlistRoutes } from './modules/watchlist/index.js';
import { withdrawalsRoutes } from './modules/withdrawals/index.js';
import { authPlugin } from './plugins/auth.plugin.js';
import { busPlugin } from './plugins/bus.plugin.js';
import { databasePlugin } from './plugins/database.plugin.js';
import { errorsPlugin } from './plugins/errors.plugin.js';
import { i18nPlugin } from './plugins/i18n.plugin.js';
import { leadershipPlugin } from './plugins/leadership.plugin.js';
import { metricsPlugin } from './plugins/metrics.plugin.js';
import { openapiPlugin } from './plugins/openapi.plugin.js';
import { rateLimitPlugin } from './plugins/rate-limit.plugin.js';
import { ProbeQuietLogController, requestIdFor, requestIdPlugin } from './plugins/request-id.plugin.js';
import { securityHeadersPlugin } from './plugins/security-headers.plugin.js';
import { textInputPlugin } from './plugins/text-input.plugin.js';
import './plugins/types.js';
import { webAppInlineScriptHashes, webAppPlugin } from './plugins/web-app.plugin.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** A logger made by the caller (main.ts shares its one with start-up lines); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /** The HTTP server main.ts opened before start-up, so /health answers `starting` meanwhile. */
  serverFactory?: FastifyServerFactory;
  /** Hears every route as it is added, before any other hook, so a test can walk the whole route table. */
  onRoute?: (route: RouteOptions) => void;
  /** A first start's market history, begun by main.ts before the database existed. */
  historyAhead?: HistoryAhead;
}

/**
 * A request URL as logged: the path, and of the query only the names (`/admin/outbox?to=[redacted]`),
 * since a query can carry an address, a code or a token (issue 19).
 */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const names = [...new Set([...new URLSearchParams(url.slice(mark + 1)).keys()])];
  return `${url.slice(0, mark)}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`;
}

export const loggerOptions = (level: string) => ({
  level,
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      // @fastify/multipart logs the request headers it hands to busboy (at trace level).
      '*.headers.authorization',
      '*.headers.cookie',
      '*.password',
      '*.payPassword',
      '*.oldPassword',
      '*.newPassword',
      '*.token',
      '*.totpCode',
      '*.recoveryCode',
      '*.secret',
      '*.challenge',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
      method: request.method,
      url: redactQuery(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
    }),
  },
});

/**
 * The lane answers only while the answer it would send is Fastify's own: with request lines logged (info) or
 * the app closing (Fastify answers 503 then) every request goes through Fastify.
 */
function attachFastLane(app: FastifyInstance, fastLane: AnswerFastLane): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const log = app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  fastLane.attach({
    headers: () => app.apiAnswerHeaders(),
    record: (method, route, statusCode, seconds) => app.metrics.observeRequest(method, route, statusCode, seconds),
    open: () => !closing && typeof log.isLevelEnabled === 'function' && !log.isLevelEnabled('info'),
  });
}

/** Builds the whole server: plugins first, then one routes module per domain, then the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Visitors' repeated public reads skip Fastify's per-request work (issue 22); on a server the app opens, that is main's one.
  const fastLane = new AnswerFastLane();
  const serverFactory = options.serverFactory;
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? loggerOptions(config.LOG_LEVEL) }),
    ...(serverFactory && { serverFactory: ((handler, serverOptions) => serverFactory(fastLane.wrap(handler), serverOptions)) satisfies FastifyServerFactory }),
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new ProbeQuietLogController(),
    // Each request's logger binds its id only once it writes a line: with request lines off, none does.
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    // A first start generates a year of market history in the market plugin, yielding so /health answers; on a busy machine that outlasts avvio's default 10 s.
    pluginTimeout: 180_000,
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Development and tests check every answer against zod too; production trusts the compiled schema (issue 22).
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));

  app.decorate('config', config);
  app.decorate('answerFastLane', fastLane);
  app.decorate('clock', options.clock ?? (config.APP_CLOCK_CONTROL ? new ShiftableClock() : systemClock));

  await app.register(busPlugin);
  await app.register(userChannelsPlugin);
  // With Redis the limits count across every process; otherwise in this one.
  const rateLimitStore = app.bus.commands ? new RedisRateLimitStore(app.bus.commands, config.REDIS_PREFIX, app.log) : new MemoryRateLimitStore();
  app.decorate('rateLimiter', new RateLimiter(rateLimitStore, () => app.clock.now().getTime()));
  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(i18nPlugin);
  // Plugins import no module: what they need of one (the webview allow-list, sessions) is handed in here.
  await app.register(securityHeadersPlugin, {
    readWebviewHosts: async () => (await findPublishedVersion(app.database.db))?.webviewHosts ?? [],
    // The web build inlines its first-paint scripts into index.html: the CSP allows them by hash.
    inlineScriptHashes: webAppInlineScriptHashes(config.webDist),
  });
  await app.register(textInputPlugin);
  await app.register(databasePlugin, { database: options.database });
  await app.register(leadershipPlugin);
  await app.register(metricsPlugin);
  // Every request signs in from memory once its session was read; the bus keeps it honest across processes.
  const sessionCache = new SessionCache(app.bus);
  await app.register(authPlugin, {
    findSession: (token) => findSessionByToken(app.database.db, token, app.clock.now(), sessionCache),
    refuseAdminWithoutSecondFactor: (userId) => refuseAdminWithoutTotp({ db: app.database.db, config: app.config }, userId),
  });
  await app.register(rateLimitPlugin);
  attachFastLane(app, fastLane);
  await app.register(openapiPlugin);

  await app.register(emailPlugin);
  await app.register(inboxPlugin);

  await app.register(healthRoutes);
  await app.register(accountsRoutes, { mailer: app.mailer });
  await app.register(adminRoutes);
  await app.register(marketPlugin, { historyAhead: options.historyAhead });
  await app.register(marketRoutes, { watched: watchedLookup({ db: app.database.db, clock: app.clock, market: app.market.deps }) });
  await app.register(watchlistRoutes);
  await app.register(walletPlugin);
  await app.register(walletRoutes);
  await app.register(tradingPlugin);
  await app.register(tradingRoutes);
  await app.register(alertsPlugin);
  await app.register(alertsRoutes);
  await app.register(recurringPlugin);
  await app.register(recurringRoutes);
  await app.register(ipoPlugin);
  await app.register(ipoRoutes);
  await app.register(followPlugin);
  await app.register(followRoutes);
  await app.register(buyingPowerRoutes);
  await app.register(equityPlugin);
  await app.register(equityRoutes);
  if (app.clock instanceof ShiftableClock) await app.register(appClockRoutes);
  await app.register(uploadsRoutes, { dir: config.uploadDir });
  await app.register(depositsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(kycRoutes);
  await app.register(adminUsersRoutes);
  await app.register(inboxRoutes);
  await app.register(articlesRoutes);
  await app.register(appConfigRoutes);
  await app.register(chatRoutes);
  await app.register(robotsPlugin);
  await app.register(robotsRoutes);
  await app.register(statementRoutes);
  await app.register(twoFactorRoutes);
  await app.register(realtimeRoutes);
  await seedDemoData(app);
  // Public answers Home and Market fetch first: inlined into index.html and rendered into its Home (issue 23), asked anonymously.
  await app.register(webAppPlugin, {
    root: config.webDist,
    firstDataPaths: [
      '/m_ft/global_index',
      '/m_ft/hot_stock',
      '/m_ft/home_custom_list',
      '/market/dataSource',
      // Market's default list, first page (packages/web/src/app/first-data.ts names the same URL).
      '/m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30',
    ],
  });
  return app;
}

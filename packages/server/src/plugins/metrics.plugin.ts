import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry, collectDefaultMetrics, type GaugeConfiguration, type Metric } from 'prom-client';
import type { WebSocket } from 'ws';
import { AppError } from '../lib/app-error.js';
import { tokenFromRequest } from './auth.plugin.js';
import { RequestDurations } from './request-durations.js';

export interface Metrics {
  /** This process's Prometheus registry (one per app, so several apps in one test process do not clash). */
  readonly registry: Registry;
  /** Adds a gauge a module owns (orders, outbox …); its `collect` reads the figure at scrape time. */
  registerGauge<L extends string>(configuration: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L>;
  /** Counts one answered request in the request-duration histogram (the onResponse hook's, and the answer fast lane's). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Loopback in every spelling Node gives it: 127.0.0.0/8, ::1 and IPv4-mapped 127.x. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus text format. Who may read it: with METRICS_TOKEN set, a caller that sends
 * `Authorization: Bearer <token>` from anywhere; without it, only a caller whose address (`request.ip`,
 * which is the forwarded client with TRUST_PROXY) is loopback and whose request no proxy relayed (no
 * X-Forwarded-For / Forwarded header), so a server put on the internet, even behind a local proxy, does not
 * publish its traffic figures. Counts that other modules own (orders, outbox) are gauges they add with
 * `app.metrics.registerGauge`, read at scrape time in `collect()`, so no module reports to this one and
 * this one imports none.
 */
export const metricsPlugin = fp(
  (app: FastifyInstance) => {
    const register = new Registry();
    collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });

    const requestDurations = new RequestDurations();
    // The registry reads any object with a name, help, type and get(); prom-client's types list only its own classes.
    register.registerMetric(requestDurations as unknown as Metric);
    const observeRequest = (method: string, route: string, statusCode: number, seconds: number) => requestDurations.observe(method, route, statusCode, seconds);
    app.decorate('metrics', {
      registry: register,
      registerGauge: <L extends string>(configuration: Omit<GaugeConfiguration<L>, 'registers'>) => new Gauge<L>({ ...configuration, registers: [register] }),
      observeRequest,
    });
    app.addHook('onResponse', (request, reply, done) => {
      observeRequest(request.method, request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    // Websockets: the route's handler is wrapped when the route is added, so the realtime module stays unaware.
    const wsConnections = new Gauge({ name: 'tradewind_ws_connections', help: 'Open websocket connections on this process', registers: [register] });
    const wsMessages = new Counter({
      name: 'tradewind_ws_messages_total',
      help: 'Websocket messages on this process, received from clients (in) and sent to them (out)',
      labelNames: ['direction'] as const,
      registers: [register],
    });
    const track = (socket: WebSocket) => {
      wsConnections.inc();
      socket.once('close', () => wsConnections.dec());
      socket.on('message', () => wsMessages.inc({ direction: 'in' }));
      const send = socket.send.bind(socket) as (...args: unknown[]) => void;
      socket.send = ((...args: unknown[]) => {
        wsMessages.inc({ direction: 'out' });
        send(...args);
      }) as WebSocket['send'];
    };
    app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
      if (!route.websocket) return;
      const handler = route.handler as unknown as (this: unknown, socket: WebSocket, ...rest: unknown[]) => unknown;
      route.handler = function (this: unknown, socket: WebSocket, ...rest: unknown[]) {
        track(socket);
        return handler.call(this, socket, ...rest);
      } as unknown as RouteOptions['handler'];
    });

    new Gauge({
      name: 'tradewind_leader',
      help: '1 while this process holds the leader lock and runs the singletons (feed, engine, sweeps, mail), else 0',
      registers: [register],
      collect() {
        this.set(app.leadership.isLeader ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tradewind_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max). On PGlite the database is one in-process connection and this reports total 1, max 1',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const stats = app.database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0, max: 1 };
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });

    app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const token = app.config.METRICS_TOKEN;
      const given = tokenFromRequest(request);
      // A relayed request (a proxy on this host connects from loopback too) is never taken for a local scraper.
      const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
      const allowed = token ? given !== undefined && sameSecret(given, token) : isLoopback(request.ip) && !relayed;
      if (!allowed) throw AppError.forbidden();
      const text = await register.metrics();
      return reply.type(register.contentType).header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'metrics', dependencies: ['database', 'leadership'] },
);

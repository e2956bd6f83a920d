import { alertIdBody, createAlertBody, emptyBody, priceAlertSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { AlertRunner } from './alert-runner.js';
import * as alerts from './alerts.service.js';

const tags = ['Price alerts'];
const userRoute = { auth: 'user' } as const;

const runners = new WeakMap<object, AlertRunner>();

/** This server's alert runner (tests wait on it). */
export function alertRunnerOf(app: FastifyInstance): AlertRunner {
  const runner = runners.get(app.database);
  if (!runner) throw new Error('alertsRoutes is not registered');
  return runner;
}

/** Price alerts (issue 11): set, list and delete; the runner fires them once on quotes, on the leader. */
export function alertsRoutes(app: FastifyInstance) {
  const runner = new AlertRunner(app.log);
  const deps: alerts.AlertDeps = {
    db: app.database.db,
    clock: app.clock,
    market: app.market.deps,
    notify: app.inboxNotifier,
    events: {
      alertChanged: (row, active) => runner.alertChanged(row, active),
      alertFired: (row, alert) => app.userChannels.send(row.userId, { type: 'alert', alert }),
    },
  };
  runner.bind(deps);
  app.leadership.register('price alerts', runner);
  const stopTicks = app.market.bus.subscribe((tick) => runner.onTick(tick));
  runners.set(app.database, runner);
  app.addHook('onClose', () => stopTicks());

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/alert/create', {
    config: userRoute,
    schema: { tags, summary: 'Set a price alert: above/below a price, or a percent move from the price now; fires once', body: createAlertBody, response: okResponse(priceAlertSchema) },
  }, async (request) => ok(await alerts.createAlert(deps, requireAuth(request).user.id, request.body, request.locale)));

  r.post('/alert/list', {
    config: userRoute,
    schema: { tags, summary: "The caller's alerts, newest first (active and fired)", body: emptyBody.optional(), response: okResponse(z.array(priceAlertSchema)) },
  }, async (request) => ok(await alerts.listAlerts(deps, requireAuth(request).user.id)));

  r.post('/alert/delete', {
    config: userRoute,
    schema: { tags, summary: 'Delete one of the caller’s alerts', body: alertIdBody, response: okResponse(z.null()) },
  }, async (request) => ok(await alerts.deleteAlert(deps, requireAuth(request).user.id, request.body.id)));
}

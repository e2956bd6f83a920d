import { alertIdBody, createAlertBody, emptyBody, priceAlertSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as alerts from './alerts.service.js';

const tags = ['Price alerts'];
const userRoute = { auth: 'user' } as const;

/** Price alerts (issue 11): set, list and delete (alertsPlugin runs them). */
export function alertsRoutes(app: FastifyInstance) {
  const deps = app.alerts;
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

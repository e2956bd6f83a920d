import { createRecurringBody, emptyBody, pageSchema, recurringIdBody, recurringPlanSchema, recurringRunSchema, recurringRunsBody } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as recurring from './recurring.service.js';

const tags = ['Recurring investment'];
const userRoute = { auth: 'user' } as const;
const planResponse = okResponse(recurringPlanSchema);

/** Recurring investment (issue 11): plans and their runs (recurringPlugin runs what is due). */
export function recurringRoutes(app: FastifyInstance) {
  const deps: recurring.RecurringDeps = { trading: app.trading };

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/recurring/create', {
    config: userRoute,
    schema: { tags, summary: 'Buy a fixed amount of an instrument at market every day, week or month (UTC) from its trading wallet', body: createRecurringBody, response: planResponse },
  }, async (request) => ok(await recurring.createPlan(deps, requireAuth(request).user.id, request.body)));

  r.post('/recurring/list', {
    config: userRoute,
    schema: { tags, summary: "The caller's plans with their next run", body: emptyBody.optional(), response: okResponse(z.array(recurringPlanSchema)) },
  }, async (request) => ok(await recurring.listPlans(deps, requireAuth(request).user.id)));

  r.post('/recurring/runs', {
    config: userRoute,
    schema: { tags, summary: "A plan's runs, newest first: filled (order, price, amount spent) or skipped and why", body: recurringRunsBody, response: okResponse(pageSchema(recurringRunSchema)) },
  }, async (request) => ok(await recurring.planRuns(deps, requireAuth(request).user.id, request.body, request.locale)));

  for (const [path, to, summary] of [
    ['/recurring/pause', 'paused', 'Pause a plan: no runs until resumed'],
    ['/recurring/resume', 'active', 'Resume a paused plan from its next scheduled time'],
    ['/recurring/cancel', 'cancelled', 'End a plan for good'],
  ] as const) {
    r.post(path, {
      config: userRoute,
      schema: { tags, summary, body: recurringIdBody, response: planResponse },
    }, async (request) => ok(await recurring.changePlan(deps, requireAuth(request).user.id, request.body.id, to)));
  }
}

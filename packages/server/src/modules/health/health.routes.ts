import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, healthSchema, readinessSchema } from '@tradewind/contract';
import { ok, okResponse } from '../../lib/envelope.js';
import { pingDatabase } from './health.repository.js';

const tags = ['Operations'];

export function healthRoutes(app: FastifyInstance) {
  let draining = false;
  // A balancer that polls /ready stops sending new work here while in-flight requests finish.
  app.addHook('preClose', () => {
    draining = true;
  });
  const role = () => (app.leadership.isLeader ? ('leader' as const) : ('follower' as const));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/health', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Liveness: the process answers and the database responds; whether it leads', response: okResponse(healthSchema) },
  }, async () => {
    await pingDatabase(app.database.db);
    return ok({
      status: 'ok' as const,
      database: app.database.kind,
      role: role(),
      // The process's age, so it goes on from the figure /health gave while `starting`.
      uptimeSeconds: Math.round(process.uptime()),
    });
  });

  r.get('/ready', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Readiness: 200 while this process takes new requests, 503 while it shuts down or its database does not answer', response: { 200: envelopeSchema(readinessSchema), 503: envelopeSchema(readinessSchema) } },
  }, async (_request, reply) => {
    const databaseAnswers = await pingDatabase(app.database.db).then(
      () => true,
      () => false,
    );
    const data = { ready: databaseAnswers && !draining, role: role() };
    if (data.ready) return ok(data);
    const msg = draining ? 'not ready: shutting down' : 'not ready: the database does not answer';
    return reply.code(503).send({ code: 503, msg, data });
  });
}

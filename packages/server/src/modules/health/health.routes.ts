import { healthSchema } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { ok, okResponse } from '../../lib/envelope.js';

export function healthRoutes(app: FastifyInstance) {
  const startedAt = Date.now();
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    config: { auth: 'public' },
    schema: { tags: ['Operations'], summary: 'Liveness: the process answers and the database responds', response: okResponse(healthSchema) },
  }, async () => {
    await app.database.db.execute(sql`SELECT 1`);
    return ok({
      status: 'ok' as const,
      database: app.database.kind,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
  });
}

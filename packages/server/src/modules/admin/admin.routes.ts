import { outboxMessageSchema, outboxQuery } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { audit, getOutbox } from './admin.service.js';

export function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/admin/outbox', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: 'E-mails sent, newest first (with their codes when no SMTP server is configured)',
      querystring: outboxQuery,
      response: okResponse(z.array(outboxMessageSchema)),
    },
  }, async (request) => {
    const { user } = requireAuth(request);
    const messages = await getOutbox(app.database.db, request.query);
    await audit(app.database.db, { actorUserId: user.id, action: 'outbox.view', subject: request.query.to ?? '', ip: request.ip }, app.clock.now());
    return ok(messages);
  });
}

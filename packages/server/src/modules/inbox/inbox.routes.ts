import {
  adminSendMessageBody,
  adminSendMessageResultSchema,
  inboxMessageSchema,
  inboxPageSchema,
  inboxQuery,
  messageParams,
  updateReadBody,
} from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { markRead, messagePage, openMessage, sendFromBackOffice } from './inbox.service.js';

const tags = ['Inbox'];
const userRoute = { auth: 'user' } as const;
/** SPEC §7 userMessage calls: the inbox where reviews, liquidations and allotments land. */
export function inboxRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/userMessage/getMessage', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s messages, newest first, with the unread count', querystring: inboxQuery, response: okResponse(inboxPageSchema) },
  }, async (request) => ok(await messagePage(db, requireAuth(request).user.id, request.query, request.locale)));

  r.get('/userMessage/:id', {
    config: userRoute,
    schema: { tags, summary: 'One message; opening it marks it read', params: messageParams, response: okResponse(inboxMessageSchema) },
  }, async (request) => ok(await openMessage(db, requireAuth(request).user.id, request.params.id, request.locale)));

  r.post('/userMessage/updateRead', {
    config: userRoute,
    schema: { tags, summary: 'Mark one message (id) or all messages read', body: updateReadBody, response: okResponse(z.object({ unread: z.number().int() })) },
  }, async (request) => ok(await markRead(db, requireAuth(request).user.id, request.body.id)));

  r.post('/admin/messages', {
    config: { auth: 'admin' },
    schema: {
      tags: ['Back office'],
      summary: 'Send an inbox message to one user or to every user (audited; pushed live after commit)',
      body: adminSendMessageBody,
      response: okResponse(adminSendMessageResultSchema),
    },
  }, async (request) => {
    const { user } = requireAuth(request);
    const deps = { db, clock: app.clock, notify: app.inboxNotifier };
    return ok(await sendFromBackOffice(deps, { id: user.id, ip: request.ip }, request.body));
  });
}

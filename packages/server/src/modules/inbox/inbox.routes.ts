import {
  adminSendMessageBody,
  adminSendMessageResultSchema,
  inboxMessageSchema,
  inboxPageSchema,
  inboxQuery,
  messageParams,
  updateReadBody,
} from '@tradewind/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userMessages } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { ok, okResponse } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { inboxNotifierOf } from './inbox-notifier.js';
import { sendFromBackOffice, toMessage } from './inbox.service.js';

const tags = ['Inbox'];
const userRoute = { auth: 'user' } as const;
/** SPEC §7 userMessage calls: the inbox where reviews, liquidations and allotments land. */
export function inboxRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const unreadOf = async (userId: number) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), eq(userMessages.isRead, false)));
    return row?.n ?? 0;
  };

  r.get('/userMessage/getMessage', {
    config: userRoute,
    schema: { tags, summary: 'The caller’s messages, newest first, with the unread count', querystring: inboxQuery, response: okResponse(inboxPageSchema) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    const { read, pageNum, pageSize } = request.query;
    const where = read === undefined ? eq(userMessages.userId, userId) : and(eq(userMessages.userId, userId), eq(userMessages.isRead, read));
    const rows = await db.select().from(userMessages).where(where).orderBy(desc(userMessages.id)).limit(pageSize).offset((pageNum - 1) * pageSize);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(userMessages).where(where);
    return ok({ list: rows.map((row) => toMessage(row, request.locale)), total: count?.n ?? 0, unread: await unreadOf(userId), pageNum, pageSize });
  });

  r.get('/userMessage/:id', {
    config: userRoute,
    schema: { tags, summary: 'One message; opening it marks it read', params: messageParams, response: okResponse(inboxMessageSchema) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    const [row] = await db
      .update(userMessages)
      .set({ isRead: true })
      .where(and(eq(userMessages.id, request.params.id), eq(userMessages.userId, userId)))
      .returning();
    if (!row) throw AppError.notFound();
    return ok(toMessage(row, request.locale));
  });

  r.post('/userMessage/updateRead', {
    config: userRoute,
    schema: { tags, summary: 'Mark one message (id) or all messages read', body: updateReadBody, response: okResponse(z.object({ unread: z.number().int() })) },
  }, async (request) => {
    const userId = requireAuth(request).user.id;
    const mine = eq(userMessages.userId, userId);
    const updated = await db
      .update(userMessages)
      .set({ isRead: true })
      .where(request.body.id === undefined ? mine : and(mine, eq(userMessages.id, request.body.id)))
      .returning({ id: userMessages.id });
    if (request.body.id !== undefined && updated.length === 0) throw AppError.notFound();
    return ok({ unread: await unreadOf(userId) });
  });

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
    const deps = { db, clock: app.clock, notify: inboxNotifierOf(app) };
    return ok(await sendFromBackOffice(deps, { id: user.id, ip: request.ip }, request.body));
  });
}

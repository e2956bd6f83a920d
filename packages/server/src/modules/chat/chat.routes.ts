import {
  agentConversationParams,
  agentConversationSchema,
  agentConversationsQuery,
  agentHistorySchema,
  chatClaimBody,
  chatHistoryQuery,
  chatHistorySchema,
  chatMessageSchema,
  chatReplyBody,
  chatSendBody,
  chatUnreadSchema,
  VISITOR_TOKEN_HEADER,
  visitorTokenSchema,
} from '@tradewind/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ok, okResponse } from '../../lib/envelope.js';
import type { RateRule } from '../../lib/rate-limiter.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import * as chat from './chat.service.js';
import type { ChatDeps, ChatOwner } from './chat.service.js';

const tags = ['Customer service'];
const agentTags = ['Back office'];
/** A person types; a script floods. Twenty lines a minute is far above the first and well below the second. */
const sendPerOwner: RateRule = { name: 'chat-send', limit: 20, windowMs: 60_000 };
/** Visitor tokens cost nothing to make, so visitors are counted per address as well. */
const sendPerVisitorIp: RateRule = { name: 'chat-send-visitor-ip', limit: 30, windowMs: 60_000 };

/** Customer service chat: the customer's calls (signed in, or a visitor by token) and the agent console's. */
export function chatRoutes(app: FastifyInstance) {
  const deps: ChatDeps = {
    db: app.database.db,
    clock: app.clock,
    notify: {
      owner: (owner, event) => {
        if (owner.kind === 'user') app.userChannels.send(owner.userId, event);
        else app.userChannels.sendVisitor(owner.tokenHash, event);
      },
      agents: (event) => app.userChannels.sendAgents({ type: 'agentChat', ...event }),
    },
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in user, else the visitor whose token came in the `X-Visitor-Token` header. */
  const ownerOf = (request: FastifyRequest): ChatOwner => {
    if (request.auth) return { kind: 'user', userId: request.auth.user.id };
    const header = request.headers[VISITOR_TOKEN_HEADER];
    if (header === undefined) throw AppError.unauthorized();
    const token = visitorTokenSchema.safeParse(header);
    if (!token.success) throw AppError.badRequest('validation.format', { field: VISITOR_TOKEN_HEADER });
    return { kind: 'visitor', tokenHash: chat.hashVisitorToken(token.data) };
  };
  const limit = async (rule: RateRule, subject: string) => {
    const wait = await app.rateLimiter.consume(rule, subject);
    if (wait > 0) throw AppError.tooManyRequests(wait, 'chat.tooFast');
  };
  const visitorHeader = z.object({ [VISITOR_TOKEN_HEADER]: z.string().optional() });

  r.get('/chat/history', {
    config: { auth: 'public' },
    schema: { tags, summary: 'The caller’s support chat (signed in, or a visitor by X-Visitor-Token), oldest first within the page', headers: visitorHeader, querystring: chatHistoryQuery, response: okResponse(chatHistorySchema) },
  }, async (request) => ok(await chat.history(deps, ownerOf(request), request.query)));

  r.post('/chat/send', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Write to support (text up to 2000 characters and/or an image the caller uploaded); opens a conversation when none is open', headers: visitorHeader, body: chatSendBody, response: okResponse(chatMessageSchema) },
  }, async (request) => {
    const owner = ownerOf(request);
    await limit(sendPerOwner, owner.kind === 'user' ? `user:${owner.userId}` : `visitor:${owner.tokenHash}`);
    if (owner.kind === 'visitor') await limit(sendPerVisitorIp, request.ip);
    return ok(await chat.send(deps, owner, request.body));
  });

  r.post('/chat/read', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Mark support’s answers read', headers: visitorHeader, response: okResponse(chatUnreadSchema) },
  }, async (request) => ok(await chat.markRead(deps, ownerOf(request))));

  r.post('/chat/claim', {
    config: { auth: 'user' },
    schema: { tags, summary: 'After login: the conversation started as a visitor becomes the user’s', body: chatClaimBody, response: okResponse(chatHistorySchema) },
  }, async (request) => ok(await chat.claim(deps, requireAuth(request).user.id, request.body.visitorToken)));

  const agentOf = (request: FastifyRequest) => ({ userId: requireAuth(request).user.id, ip: request.ip });

  r.get('/admin/chat/conversations', {
    config: { auth: 'admin' },
    schema: { tags: agentTags, summary: 'Conversations (open by default), latest activity first, with the customer’s unread count, name and phone', querystring: agentConversationsQuery, response: okResponse(z.array(agentConversationSchema)) },
  }, async (request) => ok(await chat.agentList(deps, request.query.status)));

  r.get('/admin/chat/conversations/:id/messages', {
    config: { auth: 'admin' },
    schema: { tags: agentTags, summary: 'One conversation and a page of its messages', params: agentConversationParams, querystring: chatHistoryQuery, response: okResponse(agentHistorySchema) },
  }, async (request) => ok(await chat.agentHistory(deps, request.params.id, request.query)));

  r.post('/admin/chat/conversations/:id/read', {
    config: { auth: 'admin' },
    schema: { tags: agentTags, summary: 'Mark the customer’s messages read by support', params: agentConversationParams, response: okResponse(agentConversationSchema) },
  }, async (request) => ok(await chat.agentRead(deps, request.params.id)));

  r.post('/admin/chat/conversations/:id/reply', {
    config: { auth: 'admin' },
    schema: { tags: agentTags, summary: 'Answer the customer (delivered live); audited', params: agentConversationParams, body: chatReplyBody, response: okResponse(chatMessageSchema) },
  }, async (request) => ok(await chat.reply(deps, agentOf(request), request.params.id, request.body.text)));

  r.post('/admin/chat/conversations/:id/close', {
    config: { auth: 'admin' },
    schema: { tags: agentTags, summary: 'Close the conversation; the customer’s next message opens a new one; audited', params: agentConversationParams, response: okResponse(agentConversationSchema) },
  }, async (request) => ok(await chat.close(deps, agentOf(request), request.params.id)));
}

import type { AgentConversation, AgentHistory, ChatHistory, ChatMessage, WsServerMessage } from '@tradewind/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog, users } from '../../db/schema.js';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext();
  url = `${(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
});
afterAll(() => ctx.close());

let visitorCounter = 0;
const newVisitorToken = () => `visitor-token-${Date.now().toString(36)}-${(visitorCounter++).toString(36)}`.padEnd(40, 'x');
const visitor = (token: string) => ({ 'x-visitor-token': token });

/** A socket that records what it hears; `joined` resolves once it is on its private or visitor channel. */
async function connect(join?: { token: string } | { visitorToken: string }) {
  const socket = new WebSocket(url);
  const received: WsServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw: Buffer) => {
    received.push(JSON.parse(raw.toString()) as WsServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const next = async <T extends WsServerMessage['type']>(type: T, match: (m: Extract<WsServerMessage, { type: T }>) => boolean = () => true) => {
    for (;;) {
      const found = received.find((m): m is Extract<WsServerMessage, { type: T }> => m.type === type && match(m as Extract<WsServerMessage, { type: T }>));
      if (found) return found;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message`)), 2000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  if (join && 'token' in join) {
    socket.send(JSON.stringify({ type: 'auth', token: join.token }));
    await next('authenticated');
  } else if (join) {
    socket.send(JSON.stringify({ type: 'visitor', visitorToken: join.visitorToken }));
    await next('visitorJoined');
  }
  const chatTexts = () => received.flatMap((m) => (m.type === 'chat' ? [m.message.text] : []));
  return { socket, received, next, chatTexts };
}

const send = (auth: { token?: string; visitorToken?: string }, body: unknown) =>
  call<ChatMessage>(ctx.app, 'POST', '/chat/send', { body, ...(auth.token && { token: auth.token }), ...(auth.visitorToken && { headers: visitor(auth.visitorToken) }) });
const historyOf = (auth: { token?: string; visitorToken?: string }) =>
  call<ChatHistory>(ctx.app, 'GET', '/chat/history', { ...(auth.token && { token: auth.token }), ...(auth.visitorToken && { headers: visitor(auth.visitorToken) }) });
const agentList = async () => (await call<AgentConversation[]>(ctx.app, 'GET', '/admin/chat/conversations', { token: await adminToken(ctx.app) })).data;
const reply = async (id: number, text: string) =>
  call<ChatMessage>(ctx.app, 'POST', `/admin/chat/conversations/${id}/reply`, { token: await adminToken(ctx.app), body: { text } });

async function userWithProfile(name: string, phone: string) {
  const user = await registerUser(ctx.app);
  await ctx.database.db.update(users).set({ name, phone }).where(eq(users.id, user.user.id));
  return user;
}

describe('customer service chat', () => {
  it('delivers a message only to its owner and to agents, over HTTP and /ws', async () => {
    const alice = await userWithProfile('Alice Arden', '+1 555 0101');
    const bob = await userWithProfile('Bob Brook', '+1 555 0202');
    const visitorToken = newVisitorToken();
    const [aliceWs, bobWs, visitorWs, anonymousWs, agentWs] = await Promise.all([
      connect({ token: alice.token }),
      connect({ token: bob.token }),
      connect({ visitorToken }),
      connect(),
      connect({ token: await adminToken(ctx.app) }),
    ]);

    const sent = await send({ token: alice.token }, { text: 'alice: where is my deposit?' });
    expect(sent.code).toBe(200);
    expect(sent.data).toMatchObject({ sender: 'user', text: 'alice: where is my deposit?', imageUrl: null });
    await aliceWs.next('chat');
    const seen = await agentWs.next('agentChat', (m) => m.message?.id === sent.data.id);
    expect(seen.conversation).toMatchObject({ userId: alice.user.id, name: 'Alice Arden', phone: '+1 555 0101', email: alice.email, unread: 1, status: 'open' });

    const answered = await reply(sent.data.conversationId, 'agent to alice: it is on its way');
    expect(answered.code).toBe(200);
    expect((await aliceWs.next('chat', (m) => m.message.sender === 'agent')).unread).toBe(1);

    const fromVisitor = await send({ visitorToken }, { text: 'visitor: how do I open an account?' });
    expect(fromVisitor.code).toBe(200);
    await visitorWs.next('chat');
    await agentWs.next('agentChat', (m) => m.message?.id === fromVisitor.data.id);
    await reply(fromVisitor.data.conversationId, 'agent to visitor: register with your e-mail');
    await visitorWs.next('chat', (m) => m.message.sender === 'agent');

    // Another round trip on Bob's socket proves anything meant for it would have arrived by now.
    await send({ token: bob.token }, { text: 'bob: hello' });
    await bobWs.next('chat');
    expect(bobWs.chatTexts()).toEqual(['bob: hello']);
    expect(aliceWs.chatTexts()).toEqual(['alice: where is my deposit?', 'agent to alice: it is on its way']);
    expect(visitorWs.chatTexts()).toEqual(['visitor: how do I open an account?', 'agent to visitor: register with your e-mail']);
    expect(anonymousWs.received.some((m) => m.type === 'chat' || m.type === 'agentChat')).toBe(false);
    for (const client of [aliceWs, bobWs, visitorWs]) expect(client.received.some((m) => m.type === 'agentChat')).toBe(false);

    const texts = async (auth: { token?: string; visitorToken?: string }) => (await historyOf(auth)).data.list.map((m) => m.text);
    expect(await texts({ token: alice.token })).toEqual(['alice: where is my deposit?', 'agent to alice: it is on its way']);
    expect(await texts({ token: bob.token })).toEqual(['bob: hello']);
    expect(await texts({ visitorToken })).toEqual(['visitor: how do I open an account?', 'agent to visitor: register with your e-mail']);
    expect(await texts({ visitorToken: newVisitorToken() })).toEqual([]);

    // A user cannot read or answer someone else's conversation through the agent calls.
    const asBob = await call(ctx.app, 'GET', `/admin/chat/conversations/${sent.data.conversationId}/messages`, { token: bob.token });
    expect(asBob.code).toBe(403);
    for (const client of [aliceWs, bobWs, visitorWs, anonymousWs, agentWs]) client.socket.close();
  });

  it('passes a phone added to the profile after the conversation opened on the next message', async () => {
    const dan = await userWithProfile('Dan Dale', '');
    const first = await send({ token: dan.token }, { text: 'hello' });
    expect((await agentList()).find((c) => c.id === first.data.conversationId)).toMatchObject({ name: 'Dan Dale', phone: '' });

    expect((await call(ctx.app, 'POST', '/userCenter/phone', { token: dan.token, body: { phone: '+1 415 555 0199' } })).code).toBe(200);
    const second = await send({ token: dan.token }, { text: 'my number is on my profile now' });
    expect(second.data.conversationId).toBe(first.data.conversationId);
    expect((await agentList()).find((c) => c.id === first.data.conversationId)).toMatchObject({ name: 'Dan Dale', phone: '+14155550199' });
  });

  it('keeps a visitor’s conversation when they sign in, with their name and phone as metadata', async () => {
    const visitorToken = newVisitorToken();
    const first = await send({ visitorToken }, { text: 'before login' });
    const before = (await agentList()).find((c) => c.id === first.data.conversationId);
    expect(before).toMatchObject({ userId: null, name: '', phone: '', email: null });

    const carol = await userWithProfile('Carol Cruz', '+44 20 7946 0000');
    const claimed = await call<ChatHistory>(ctx.app, 'POST', '/chat/claim', { token: carol.token, body: { visitorToken } });
    expect(claimed.code).toBe(200);
    expect(claimed.data).toMatchObject({ conversationId: first.data.conversationId, status: 'open' });
    expect(claimed.data.list.map((m) => m.text)).toEqual(['before login']);
    expect((await agentList()).find((c) => c.id === first.data.conversationId)).toMatchObject({
      userId: carol.user.id,
      name: 'Carol Cruz',
      phone: '+44 20 7946 0000',
      email: carol.email,
    });
    // The token no longer opens the conversation, and what the user writes next joins it.
    expect((await historyOf({ visitorToken })).data.list).toEqual([]);
    expect((await send({ token: carol.token }, { text: 'after login' })).data.conversationId).toBe(first.data.conversationId);

    // Into a user's own open conversation, a later visitor conversation is merged.
    const againAsVisitor = newVisitorToken();
    await send({ visitorToken: againAsVisitor }, { text: 'from another browser' });
    await call(ctx.app, 'POST', '/chat/claim', { token: carol.token, body: { visitorToken: againAsVisitor } });
    expect((await historyOf({ token: carol.token })).data.list.map((m) => m.text)).toEqual(['before login', 'after login', 'from another browser']);
    expect((await agentList()).filter((c) => c.userId === carol.user.id)).toHaveLength(1);
  });
});

describe('customer service chat: unread lines and closing', () => {
  it('counts unread lines on both sides until each side reads them', async () => {
    const dave = await userWithProfile('Dave Dunn', '+1 555 0303');
    const one = await send({ token: dave.token }, { text: 'one' });
    await send({ token: dave.token }, { text: 'two' });
    const id = one.data.conversationId;
    const agentUnread = async () => (await agentList()).find((c) => c.id === id)?.unread;
    expect(await agentUnread()).toBe(2);

    const admin = await adminToken(ctx.app);
    const history = await call<AgentHistory>(ctx.app, 'GET', `/admin/chat/conversations/${id}/messages?pageSize=1`, { token: admin });
    expect(history.data.list.map((m) => m.text)).toEqual(['two']);
    expect(history.data.hasMore).toBe(true);
    const older = await call<AgentHistory>(ctx.app, 'GET', `/admin/chat/conversations/${id}/messages?pageSize=5&beforeId=${history.data.list[0]!.id}`, { token: admin });
    expect(older.data).toMatchObject({ hasMore: false, list: [{ text: 'one' }] });

    expect((await call<AgentConversation>(ctx.app, 'POST', `/admin/chat/conversations/${id}/read`, { token: admin })).data.unread).toBe(0);
    expect(await agentUnread()).toBe(0);

    await reply(id, 'answer one');
    await reply(id, 'answer two');
    expect((await historyOf({ token: dave.token })).data.unread).toBe(2);
    expect((await call<{ unread: number }>(ctx.app, 'POST', '/chat/read', { token: dave.token })).data.unread).toBe(0);
    expect((await call<{ unread: number }>(ctx.app, 'POST', '/chat/read', { token: dave.token })).data.unread).toBe(0);
    expect((await historyOf({ token: dave.token })).data.unread).toBe(0);
    // The agent's own answers never count as unread for the agents.
    expect(await agentUnread()).toBe(0);
  });

  it('closes a conversation: the owner hears it, answers are refused, and the next message opens a new one', async () => {
    const erin = await userWithProfile('Erin Eve', '+1 555 0404');
    const erinWs = await connect({ token: erin.token });
    const first = await send({ token: erin.token }, { text: 'please close this' });
    const id = first.data.conversationId;
    const admin = await adminToken(ctx.app);
    const closed = await call<AgentConversation>(ctx.app, 'POST', `/admin/chat/conversations/${id}/close`, { token: admin });
    expect(closed.data.status).toBe('closed');
    expect((await erinWs.next('chatClosed')).conversationId).toBe(id);
    expect((await call(ctx.app, 'POST', `/admin/chat/conversations/${id}/close`, { token: admin })).code).toBe(409);
    expect((await reply(id, 'too late')).code).toBe(409);
    expect((await agentList()).some((c) => c.id === id)).toBe(false);
    expect((await call<AgentConversation[]>(ctx.app, 'GET', '/admin/chat/conversations?status=closed', { token: admin })).data.some((c) => c.id === id)).toBe(true);
    expect((await historyOf({ token: erin.token })).data.status).toBe('closed');

    const again = await send({ token: erin.token }, { text: 'one more thing' });
    expect(again.data.conversationId).not.toBe(id);
    expect((await historyOf({ token: erin.token })).data).toMatchObject({ conversationId: again.data.conversationId, status: 'open' });
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.subject, `chat:${id}`));
    expect(audited.map((a) => a.action)).toEqual(['chat.close']);
    erinWs.socket.close();
  });
});

describe('customer service chat: input, images and limits', () => {
  it('refuses bad input with a 400 naming the field, strangers with 401 and non-admins with 403', async () => {
    const frank = await registerUser(ctx.app);
    const long = await send({ token: frank.token }, { text: 'x'.repeat(2001) });
    expect(long).toMatchObject({ code: 400, msg: 'text must be at most 2000 characters' });
    expect((await send({ token: frank.token }, {})).msg).toBe('text is required');
    expect((await send({ token: frank.token }, { text: '   ' })).msg).toContain('text');
    expect((await send({ token: frank.token }, { text: 'hi', to: 1 })).msg).toContain('to');
    expect((await send({ visitorToken: 'short' }, { text: 'hi' })).msg).toContain('x-visitor-token');
    expect((await send({}, { text: 'hi' })).code).toBe(401);
    expect((await call(ctx.app, 'POST', '/chat/claim', { token: frank.token, body: { visitorToken: 'no' } })).msg).toContain('visitor token');

    const admin = await adminToken(ctx.app);
    const opened = await send({ token: frank.token }, { text: 'real question' });
    const id = opened.data.conversationId;
    expect((await call(ctx.app, 'POST', `/admin/chat/conversations/${id}/reply`, { token: admin, body: { text: '' } })).msg).toContain('text');
    expect((await call(ctx.app, 'POST', '/admin/chat/conversations/999999/reply', { token: admin, body: { text: 'hello' } })).code).toBe(404);
    for (const [method, path, body] of [
      ['GET', '/admin/chat/conversations', undefined],
      ['GET', `/admin/chat/conversations/${id}/messages`, undefined],
      ['POST', `/admin/chat/conversations/${id}/read`, undefined],
      ['POST', `/admin/chat/conversations/${id}/reply`, { text: 'pretending to be support' }],
      ['POST', `/admin/chat/conversations/${id}/close`, undefined],
    ] as const) {
      expect((await call(ctx.app, method, path, { token: frank.token, ...(body && { body }) })).code).toBe(403);
    }
    expect((await historyOf({ token: frank.token })).data.list.map((m) => m.text)).toEqual(['real question']);
  });

  it('takes images only from the sender’s own uploads, and none from visitors', async () => {
    const grace = await registerUser(ctx.app);
    const heidi = await registerUser(ctx.app);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const boundary = '----chat-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="screen.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: grace.token } });
    const imageUrl = uploaded.json<{ data: { url: string } }>().data.url;

    expect((await send({ token: heidi.token }, { imageUrl })).code).toBe(400);
    expect((await send({ token: heidi.token }, { imageUrl: '/file/../../etc/passwd' })).code).toBe(400);
    const visitorImage = await send({ visitorToken: newVisitorToken() }, { text: 'look', imageUrl });
    expect(visitorImage.code).toBe(400);
    expect(visitorImage.msg).toContain('Sign in');
    const mine = await send({ token: grace.token }, { text: 'this screen', imageUrl });
    expect(mine.data).toMatchObject({ text: 'this screen', imageUrl });
    // Agents can open the customer's image (uploads are readable by their owner and admins).
    const asAgent = await ctx.app.inject({ method: 'GET', url: imageUrl, headers: { authorization: await adminToken(ctx.app) } });
    expect(asAgent.statusCode).toBe(200);
  });

  it('limits how fast one customer writes, with a 429 saying how long to wait', async () => {
    const visitorToken = newVisitorToken();
    for (let i = 0; i < 20; i++) expect((await send({ visitorToken }, { text: `line ${i}` })).code).toBe(200);
    const refused = await send({ visitorToken }, { text: 'one too many' });
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(/Wait \d+ seconds/);
    ctx.clock.advance(61_000);
    expect((await send({ visitorToken }, { text: 'after a minute' })).code).toBe(200);
  });
});

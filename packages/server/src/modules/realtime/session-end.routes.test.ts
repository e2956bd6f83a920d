/**
 * Issue 19: a `/ws` socket does not outlive its session. For every way a session ends, an open
 * socket authenticated with it is closed with WS_CLOSE_SESSION_ENDED within 1 s and hears no
 * private or agent event afterwards, while a socket of a session that did not end keeps hearing.
 * Run on one process (PGlite), and on two app instances sharing one database and one Redis, the
 * socket on one and the ending asked of the other.
 */
import type { WsServerMessage } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../../../test/redis.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, createTestContext, latestCode, registerUser, type TestContext } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import type { AgentMessage, PrivateMessage } from '../../bus/bus.js';
import { FakeClock } from '../../lib/clock.js';
import { WS_CLOSE_SESSION_ENDED } from './user-channels.js';

const CLOSE_WITHIN_MS = 1000;

interface Client {
  socket: WebSocket;
  received: WsServerMessage[];
  closed: Promise<{ code: number; reason: string; at: number }>;
}

async function connect(app: FastifyInstance, token: string): Promise<Client> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws`);
  const received: WsServerMessage[] = [];
  socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString()) as WsServerMessage));
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    socket.once('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  const until = Date.now() + 3000;
  while (!received.some((m) => m.type === 'authenticated')) {
    if (Date.now() > until) throw new Error(`not authenticated: ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { socket, received, closed };
}

const balance = (amount: number): PrivateMessage => ({
  type: 'balance',
  wallet: { walletType: 'BALANCE', currency: 'USD', balance: amount, available: amount, frozen: 0 },
});

const agentEvent = (id: number): AgentMessage => ({
  type: 'agentChat',
  conversation: { id, status: 'open', userId: null, email: 'someone@example.com', name: 'Someone', phone: '', unread: 1, lastMessage: null, createTimestamp: 1_700_000_000 },
  message: null,
});

async function waitFor(check: () => boolean, what: string, ms = 3000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Where the sockets live (`socketSide`) and where the ending is asked for (`apiSide`): the same app,
 * or two instances on one database and one Redis.
 */
interface Sides {
  api: FastifyInstance;
  socketSide: FastifyInstance;
  /** Moves every instance's clock (expiry is checked by each process on its own clock). */
  advance(ms: number): void;
  apiCtx: TestContext;
}

function endings(sides: () => Sides) {
  const login = async (email: string, password: string, ip = '203.0.113.7') => {
    const answer = await call<{ token: string }>(sides().api, 'POST', '/loginByUsername', { body: { username: email, password }, ip, headers: { 'user-agent': `device-${ip}` } });
    if (answer.code !== 200) throw new Error(`login failed: ${answer.msg}`);
    return answer.data.token;
  };

  /**
   * Opens a socket of the session that will end and one of a session that stays (when given), ends
   * the session, then checks the close (code, time) and that the ended socket hears nothing more
   * while the other still hears its owner's events.
   */
  async function expectEnded(
    endedToken: string,
    userId: number,
    end: () => Promise<unknown>,
    reason: string,
    options: { keptToken?: string; agent?: boolean } = {},
  ) {
    const { api, socketSide } = sides();
    const ended = await connect(socketSide, endedToken);
    const kept = options.keptToken ? await connect(socketSide, options.keptToken) : undefined;
    const startedAt = Date.now();
    const answer = (await end()) as { code?: number } | undefined;
    if (answer && typeof answer === 'object' && 'code' in answer) expect(answer.code).toBe(200);
    const closed = await Promise.race([ended.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), CLOSE_WITHIN_MS + 500))]);
    expect(closed, `the ${reason} socket was not closed`).not.toBeNull();
    expect(closed!.code).toBe(WS_CLOSE_SESSION_ENDED);
    expect(closed!.reason).toBe(`session ended: ${reason}`);
    expect(closed!.at - startedAt).toBeLessThan(CLOSE_WITHIN_MS);
    const heardBefore = ended.received.length;

    // Events for the user (and the agents) published from the API side after the ending.
    api.userChannels.send(userId, balance(4242));
    if (options.agent) api.userChannels.sendAgents(agentEvent(99_001));
    if (kept) await waitFor(() => kept.received.some((m) => m.type === 'balance'), 'the kept session hears its balance');
    else await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ended.received.slice(heardBefore)).toEqual([]);
    expect(ended.received.some((m) => m.type === 'balance' || m.type === 'agentChat')).toBe(false);
    kept?.socket.close();
  }

  it('logout closes the socket of that session; another session of the user keeps its channel', async () => {
    const user = await registerUser(sides().api);
    const phone = await login(user.email, user.password);
    await expectEnded(phone, user.user.id, () => call(sides().api, 'POST', '/logout', { token: phone, body: {} }), 'logout', { keptToken: user.token });
  });

  it('a password change closes every other session’s socket', async () => {
    const user = await registerUser(sides().api);
    const phone = await login(user.email, user.password);
    await expectEnded(
      phone,
      user.user.id,
      () => call(sides().api, 'POST', '/updatePassword', { token: user.token, body: { oldPassword: user.password, newPassword: 'N3w-Tr4de-wind!' } }),
      'passwordChanged',
      { keptToken: user.token },
    );
  });

  it('a password reset closes the sockets of every session', async () => {
    const user = await registerUser(sides().api);
    const { api, apiCtx } = sides();
    expect((await call(api, 'POST', '/getEmailCode', { body: { email: user.email, type: 'reset' } })).code).toBe(200);
    const code = await latestCode(apiCtx.app, user.email);
    await expectEnded(user.token, user.user.id, () => call(api, 'POST', '/resetPassword', { body: { email: user.email, code, password: 'R3set-Tr4de-wind!' } }), 'passwordReset');
  });

  it('revoking one device from Settings › Security closes that device’s socket', async () => {
    const user = await registerUser(sides().api);
    const phone = await login(user.email, user.password);
    const sessions = await call<{ id: number; current: boolean }[]>(sides().api, 'GET', '/userCenter/sessions', { token: phone });
    const phoneId = sessions.data.find((s) => s.current)!.id;
    await expectEnded(phone, user.user.id, () => call(sides().api, 'POST', '/userCenter/sessions/revoke', { token: user.token, body: { id: phoneId } }), 'revoked', { keptToken: user.token });
  });

  it('signing out the other devices closes their sockets', async () => {
    const user = await registerUser(sides().api);
    const phone = await login(user.email, user.password);
    await expectEnded(phone, user.user.id, () => call(sides().api, 'POST', '/userCenter/sessions/revokeOthers', { token: user.token, body: {} }), 'revokedOthers', { keptToken: user.token });
  });

  it('blocking a user closes their sockets', async () => {
    const user = await registerUser(sides().api);
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.99');
    await expectEnded(user.token, user.user.id, () => call(sides().api, 'POST', `/admin/users/${user.user.id}/block`, { token: admin, body: {} }), 'blocked');
  });

  it('an admin’s logout closes the agent console socket: no customer’s chat reaches it afterwards', async () => {
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.98');
    const other = await login(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.97');
    const adminId = (await call<{ id: number }>(sides().api, 'POST', '/api/user/info', { token: admin, body: {} })).data.id;
    const otherAdmin = await connect(sides().socketSide, other);
    await expectEnded(admin, adminId, () => call(sides().api, 'POST', '/logout', { token: admin, body: {} }), 'logout', { agent: true });
    // The admin still signed in elsewhere hears the agent event the ended socket did not.
    await waitFor(() => otherAdmin.received.some((m) => m.type === 'agentChat'), 'the other admin socket hears agentChat');
    otherAdmin.socket.close();
  });

  // Last: moving the clocks past the session lifetime ends every session made before.
  it('expiry closes the socket while it is open, not only at auth', async () => {
    const user = await registerUser(sides().api);
    const ttlMs = sides().apiCtx.config.SESSION_TTL_HOURS * 3_600_000;
    await expectEnded(user.token, user.user.id, () => {
      sides().advance(ttlMs + 1000);
      return Promise.resolve();
    }, 'expired');
  });
}

describe('a session’s end closes its sockets (one process)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());
  endings(() => ({ api: ctx.app, socketSide: ctx.app, apiCtx: ctx, advance: (ms) => ctx.clock.advance(ms) }));
});

describeWithRedis('a session’s end closes its sockets on another process (Redis bus)', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let otherClock: FakeClock;
  beforeAll(async () => {
    ctx = await createTestContext({ REDIS_URL: redisTestUrl, REDIS_PREFIX: testBusPrefix() });
    // A second instance of the server on the same database and Redis prefix: its own bus
    // connections, its own sockets, its own clock. The sockets connect to it; the endings are
    // asked of the first.
    otherClock = new FakeClock(ctx.clock.now());
    other = await buildApp({ config: ctx.config, database: ctx.database, clock: otherClock, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });
  endings(() => ({
    api: ctx.app,
    socketSide: other,
    apiCtx: ctx,
    advance: (ms) => {
      ctx.clock.advance(ms);
      otherClock.advance(ms);
    },
  }));
});

describe('an ending whose event never arrived (e.g. lost while Redis was down)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ WS_SESSION_RECHECK_SECONDS: '1' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it('is found by the periodic database check and the socket is closed', async () => {
    const user = await registerUser(ctx.app);
    const client = await connect(ctx.app, user.token);
    // Revoked in the database behind the app's back: no event is published.
    await ctx.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.user.id}`);
    const closed = await Promise.race([client.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
    expect(closed).toMatchObject({ code: WS_CLOSE_SESSION_ENDED, reason: 'session ended: revoked' });
  });
});

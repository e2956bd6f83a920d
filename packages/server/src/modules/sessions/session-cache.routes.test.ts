/**
 * Sessions are answered from memory once read (SessionCache), yet every ending or change of what a
 * session carries is honoured by the next request on every process: one process (PGlite, the
 * in-process bus), and two app instances sharing one database and one Redis bus.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithRedis, redisTestUrl, testBusPrefix } from '../../../test/redis.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, approveTrading, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import { FakeClock } from '../../lib/clock.js';

interface Sides {
  /** Where the revocation or change is asked for. */
  api: FastifyInstance;
  /** Where the next request with the token goes (the same app, or the second instance). */
  other: FastifyInstance;
  advance(ms: number): void;
  /** Across processes the bus message travels through Redis: how long the other side may take to hear it. */
  hearWithinMs: number;
}

const signedIn = async (app: FastifyInstance, token: string) => (await call(app, 'POST', '/api/user/info', { token, body: {} })).code;

async function refusedSoon(sides: Sides, token: string) {
  const until = Date.now() + sides.hearWithinMs;
  for (;;) {
    const code = await signedIn(sides.other, token);
    if (code === 401 || Date.now() > until) return code;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function revocations(sides: () => Sides) {
  const login = async (email: string, password: string, ip = '203.0.113.7') => {
    const answer = await call<{ token: string }>(sides().api, 'POST', '/loginByUsername', { body: { username: email, password }, ip, headers: { 'user-agent': `device-${ip}` } });
    if (answer.code !== 200) throw new Error(`login failed: ${answer.msg}`);
    return answer.data.token;
  };
  /** Signs the token in on both sides, so both keep it in memory before the revocation. */
  const warm = async (token: string) => {
    expect(await signedIn(sides().api, token)).toBe(200);
    expect(await signedIn(sides().other, token)).toBe(200);
  };

  it('a session read once is kept: revoked behind the app’s back (no event), it still signs in', async () => {
    // This is what makes the events below necessary; the database check of sockets covers such rows.
    const user = await registerUser(sides().api);
    await warm(user.token);
    await sides().api.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.user.id}`);
    expect(await signedIn(sides().api, user.token)).toBe(200);
  });

  it('logout is refused on every process by the next request', async () => {
    const user = await registerUser(sides().api);
    await warm(user.token);
    expect((await call(sides().api, 'POST', '/logout', { token: user.token, body: {} })).code).toBe(200);
    expect(await signedIn(sides().api, user.token)).toBe(401);
    expect(await refusedSoon(sides(), user.token)).toBe(401);
  });

  it('a password change ends the other sessions everywhere; the changing one goes on', async () => {
    const user = await registerUser(sides().api);
    const phone = await login(user.email, user.password);
    await warm(phone);
    await warm(user.token);
    const changed = await call(sides().api, 'POST', '/updatePassword', { token: user.token, body: { oldPassword: user.password, newPassword: 'N3w-Tr4de-wind!' } });
    expect(changed.code).toBe(200);
    expect(await refusedSoon(sides(), phone)).toBe(401);
    expect(await signedIn(sides().api, phone)).toBe(401);
    expect(await signedIn(sides().other, user.token)).toBe(200);
  });

  it('revoking one device, then all others, from Settings › Security', async () => {
    const user = await registerUser(sides().api);
    const phone = await login(user.email, user.password, '203.0.113.8');
    const tablet = await login(user.email, user.password, '203.0.113.9');
    for (const token of [phone, tablet, user.token]) await warm(token);
    const sessions = await call<{ id: number; current: boolean }[]>(sides().api, 'GET', '/userCenter/sessions', { token: phone });
    const phoneId = sessions.data.find((s) => s.current)!.id;
    expect((await call(sides().api, 'POST', '/userCenter/sessions/revoke', { token: user.token, body: { id: phoneId } })).code).toBe(200);
    expect(await refusedSoon(sides(), phone)).toBe(401);
    expect(await signedIn(sides().other, tablet)).toBe(200);
    expect((await call(sides().api, 'POST', '/userCenter/sessions/revokeOthers', { token: user.token, body: {} })).code).toBe(200);
    expect(await refusedSoon(sides(), tablet)).toBe(401);
    expect(await signedIn(sides().other, user.token)).toBe(200);
  });

  it('an admin’s block signs the user out on every process', async () => {
    const user = await registerUser(sides().api);
    await warm(user.token);
    const admin = await login(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.99');
    expect((await call(sides().api, 'POST', `/admin/users/${user.user.id}/block`, { token: admin, body: {} })).code).toBe(200);
    expect(await signedIn(sides().api, user.token)).toBe(401);
    expect(await refusedSoon(sides(), user.token)).toBe(401);
  });

  it('expiry is checked on every request, kept or not', async () => {
    const user = await registerUser(sides().api);
    await warm(user.token);
    sides().advance(31 * 24 * 3_600_000);
    expect(await signedIn(sides().api, user.token)).toBe(401);
    expect(await signedIn(sides().other, user.token)).toBe(401);
  });

  it('a change of what the session carries (trade permission) is seen on every process', async () => {
    const user = await registerUser(sides().api);
    await warm(user.token);
    const buy = async () => (await call(sides().other, 'POST', '/stock/create', { token: user.token, body: { stockCode: 'AAPL', direction: 0, orderType: 0, quantity: 1 } })).code;
    expect(await buy()).toBe(403);
    // Granted as an approval does: the row changes, then usersChanged is published after the commit.
    await approveTrading(sides().api, user.user.id);
    const until = Date.now() + sides().hearWithinMs;
    let answer = await buy();
    while (answer === 403 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      answer = await buy();
    }
    expect(answer).not.toBe(403);
  });
}

describe('session cache: revocations on one process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  revocations(() => ({ api: ctx.app, other: ctx.app, advance: (ms) => ctx.clock.advance(ms), hearWithinMs: 0 }));
});

describeWithRedis('session cache: revocations on another process (shared database, Redis bus)', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let otherClock: FakeClock;
  let prefix: string;
  beforeAll(async () => {
    prefix = testBusPrefix();
    ctx = await createTestContext({ REDIS_URL: redisTestUrl, REDIS_PREFIX: prefix });
    otherClock = new FakeClock(ctx.clock.now());
    other = await buildApp({ config: ctx.config, database: ctx.database, clock: otherClock, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });
  revocations(() => ({
    api: ctx.app,
    other,
    advance: (ms) => {
      ctx.clock.advance(ms);
      otherClock.advance(ms);
    },
    hearWithinMs: 1000,
  }));

  it('when the Redis subscription drops, nothing kept is trusted until it is back', async () => {
    const user = await registerUser(ctx.app);
    expect(await signedIn(other, user.token)).toBe(200);
    // Revoked while the processes cannot hear (no event is published for it), then their subscriptions drop.
    await ctx.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${user.user.id}`);
    const admin = new Redis(redisTestUrl);
    try {
      const clients = (await admin.client('LIST')) as string;
      const ids = clients.split('\n').filter((l) => l.includes(`name=${prefix}:subscriber`)).map((l) => /id=(\d+)/.exec(l)![1]!);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    expect(await refusedSoon({ api: ctx.app, other, advance: () => undefined, hearWithinMs: 3000 }, user.token)).toBe(401);
  });
});

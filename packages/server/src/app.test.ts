import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('operations endpoints', () => {
  it('GET /health answers in the envelope and names the database', async () => {
    const answer = await call<{ status: string; database: string }>(ctx.app, 'GET', '/health');
    expect(answer).toMatchObject({ status: 200, code: 200 });
    expect(answer.data.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(answer.data.database);
    // The only process on its database leads: it runs the feed, the engine and the sweeps.
    expect(answer.data).toMatchObject({ role: 'leader' });
  });

  it('GET /ready answers 200 while the process takes work', async () => {
    const answer = await call<{ ready: boolean; role: string }>(ctx.app, 'GET', '/ready');
    expect(answer).toMatchObject({ status: 200, data: { ready: true, role: 'leader' } });
  });

  it('GET /openapi.json describes every account call from the contract schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    const spec = response.json<{ openapi: string; paths: Record<string, { post?: { requestBody?: unknown } }>; components: { schemas: Record<string, unknown> } }>();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of ['/getEmailCode', '/register/email', '/loginByUsername', '/resetPassword', '/updatePassword', '/settingPayPassword', '/updatePayPassword', '/api/user/info', '/logout']) {
      expect(spec.paths[path]?.post, path).toBeDefined();
    }
    // The body is the contract's schema, by name.
    const body = /"#\/components\/schemas\/([A-Za-z]+)"/.exec(JSON.stringify(spec.paths['/register/email']?.post?.requestBody))?.[1];
    expect(JSON.stringify(spec.components.schemas[body ?? ''])).toContain('inviteCode');
  });

  it('serves a browsable API reference at /docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });

  it('answers an unknown path with the 404 envelope', async () => {
    const answer = await call(ctx.app, 'GET', '/no/such/path');
    expect(answer).toMatchObject({ status: 404, code: 404, msg: 'The URL does not exist', data: null });
  });

  it('sets security headers and keeps API answers out of caches', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/info', payload: {} });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('back office access', () => {
  it('lets only admins read the outbox', async () => {
    expect((await call(ctx.app, 'GET', '/admin/outbox')).code).toBe(401);
    const { token } = await registerUser(ctx.app);
    expect(await call(ctx.app, 'GET', '/admin/outbox', { token })).toMatchObject({ status: 403, code: 403 });
    const admin = await call<unknown[]>(ctx.app, 'GET', '/admin/outbox?limit=5', { token: await adminToken(ctx.app) });
    expect(admin.code).toBe(200);
    expect(admin.data.length).toBeGreaterThan(0);
  });

  it('validates the outbox query', async () => {
    const answer = await call(ctx.app, 'GET', '/admin/outbox?limit=0', { token: await adminToken(ctx.app) });
    expect(answer).toMatchObject({ code: 400, msg: 'limit must be at least 1' });
  });
});

describe('passwords at rest', () => {
  it('are argon2id with at least OWASP parameters', async () => {
    const { email } = await registerUser(ctx.app);
    const { findUserByEmail } = await import('./modules/users/users.repository.js');
    const row = await findUserByEmail(ctx.database.db, email);
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row!.passwordHash);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
  });
});

describe('concurrent sign-ups', () => {
  it('lets exactly one of many parallel registrations with one code win', async () => {
    const email = `race${Date.now()}@example.com`;
    await call(ctx.app, 'POST', '/getEmailCode', { body: { email, type: 'register' } });
    const { latestCode } = await import('../test/test-app.js');
    const code = await latestCode(ctx.app, email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(ctx.app, 'POST', '/register/email', { body: { email, code, password: 'Tr4de-wind!' } })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.every((a) => a.code === 200 || a.code === 400 || a.code === 409)).toBe(true);
  });
});

describe('/ws', () => {
  it('greets, answers a ping, and names what is wrong with a bad message', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    type Message = { type: string; msg?: string; ts?: number };
    const next = () =>
      new Promise<Message>((resolve) => {
        socket.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString()) as Message));
      });
    const hello = next();
    await once(socket, 'open');
    expect((await hello).type).toBe('hello');

    const pong = next();
    socket.send(JSON.stringify({ type: 'ping', ts: 42 }));
    expect(await pong).toMatchObject({ type: 'pong', ts: 42 });

    const notJson = next();
    socket.send('{oops');
    expect(await notJson).toMatchObject({ type: 'error', msg: 'message is not valid JSON' });

    const unknown = next();
    socket.send(JSON.stringify({ type: 'subscribe-everything' }));
    expect((await unknown).type).toBe('error');
    socket.close();
  });
});

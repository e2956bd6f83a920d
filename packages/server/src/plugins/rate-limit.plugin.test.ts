import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_MAX_MESSAGE_BYTES } from '@tradewind/contract';
import { call, createTestContext, registerUser, type TestContext } from '../../test/test-app.js';
import { loadConfig } from '../config/config.js';

let ctx: TestContext;
beforeAll(async () => {
  // Small limits so each is reached in a few calls; the defaults are documented in docs/operations.md.
  ctx = await createTestContext({
    ORDER_PER_USER_PER_MINUTE: '2',
    UPLOAD_PER_USER_PER_MINUTE: '2',
    PAY_PASSWORD_PER_USER_PER_MINUTE: '2',
    LOGIN_PER_IP_PER_MINUTE: '3',
    WS_MESSAGES_PER_MINUTE: '5',
    BODY_LIMIT_BYTES: '4096',
  });
});
afterAll(() => ctx.close());

const post = (url: string, token: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', url, { body, token, headers });

/** Calls `url` until the limit refuses; every call before it is answered on its own merits. */
async function expectLimitAt(url: string, token: string, limit: number) {
  for (let i = 0; i < limit; i += 1) expect((await post(url, token)).status).not.toBe(429);
  return post(url, token);
}

describe('per-user limits on costly and guessable calls', () => {
  const orderRoutes = ['/stock/create', '/twStock/create', '/gold/create', '/blockTrade/create', '/NewShares/create', '/userFollowInvest/add', '/robot/create'];

  it.each(orderRoutes)('%s answers 429 with the wait in the message and in Retry-After past the order limit', async (url) => {
    const { token } = await registerUser(ctx.app);
    const refused = await expectLimitAt(url, token, 2);
    expect(refused).toMatchObject({ status: 429, code: 429, data: null });
    expect(refused.msg).toBe('Too many orders in a short time. Try again in 60 seconds');
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('shares one order counter across the order calls and leaves other users alone', async () => {
    const { token } = await registerUser(ctx.app);
    await post('/stock/create', token);
    await post('/gold/create', token);
    expect((await post('/robot/create', token)).status).toBe(429);
    const other = await registerUser(ctx.app);
    expect((await post('/robot/create', other.token)).status).not.toBe(429);
  });

  it('counts uploads and pay-password checks on their own', async () => {
    const { token } = await registerUser(ctx.app);
    const upload = await expectLimitAt('/file/upload', token, 2);
    expect(upload).toMatchObject({ status: 429, msg: 'Too many uploads in a short time. Try again in 60 seconds' });
    expect((await post('/stock/create', token)).status).not.toBe(429);

    await post('/withdrawal/withdrawal-apply', token, { amount: 100, cardId: 1, payPassword: 'guess-1' });
    await post('/withdrawal/other-withdrawal-apply', token, { amount: 100, payPassword: 'guess-2' });
    const guess = await post('/updatePayPassword', token, { oldPayPassword: 'guess-3', payPassword: 'New-pay-9' });
    expect(guess).toMatchObject({ status: 429, msg: 'Too many transaction password attempts. Try again in 60 seconds' });
  });

  it('answers in the caller’s language', async () => {
    const { token } = await registerUser(ctx.app);
    await expectLimitAt('/stock/create', token, 2);
    const de = await post('/stock/create', token, {}, { 'accept-language': 'de' });
    expect(de.msg).toBe('Zu viele Aufträge in kurzer Zeit. Versuchen Sie es in 60 Sekunden erneut');
    const ja = await post('/stock/create', token, {}, { languages: 'ja' });
    expect(ja.msg).toBe('短時間の注文が多すぎます。60秒後にもう一度お試しください');
  });

  it('counts down Retry-After and lets calls through again once the window has passed', async () => {
    const { token } = await registerUser(ctx.app);
    await expectLimitAt('/stock/create', token, 2);
    ctx.clock.advance(45_000);
    const later = await post('/stock/create', token);
    expect(later.headers['retry-after']).toBe('15');
    ctx.clock.advance(15_000);
    expect((await post('/stock/create', token)).status).not.toBe(429);
  });

  it('limits sign-in attempts per address, whatever the account, until the minute has passed', async () => {
    const { email, password } = await registerUser(ctx.app);
    const login = (ip: string) => call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password }, ip });
    for (let i = 0; i < 3; i += 1) expect((await login('203.0.113.7')).status).toBe(200);
    const refused = await login('203.0.113.7');
    expect(refused).toMatchObject({ status: 429, msg: 'Too many requests. Try again in 60 seconds' });
    expect(refused.headers['retry-after']).toBe('60');
    expect((await login('203.0.113.8')).status).toBe(200);
    ctx.clock.advance(60_000);
    expect((await login('203.0.113.7')).status).toBe(200);
  });
});

describe('limits are configuration', () => {
  it('refuses a bad limit at start, naming the variable and its value', () => {
    expect(() => loadConfig({ ORDER_PER_USER_PER_MINUTE: '0' })).toThrow(/ORDER_PER_USER_PER_MINUTE: .*\(got "0"\)/);
    expect(() => loadConfig({ WS_MESSAGES_PER_MINUTE: 'lots' })).toThrow(/WS_MESSAGES_PER_MINUTE/);
    expect(() => loadConfig({ UPLOAD_PER_USER_PER_MINUTE: '-1' })).toThrow(/UPLOAD_PER_USER_PER_MINUTE: .*\(got "-1"\)/);
    expect(() => loadConfig({ PAY_PASSWORD_PER_USER_PER_MINUTE: '2.5' })).toThrow(/PAY_PASSWORD_PER_USER_PER_MINUTE: .*\(got "2.5"\)/);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ ORDER_PER_USER_PER_MINUTE: 60, UPLOAD_PER_USER_PER_MINUTE: 20, PAY_PASSWORD_PER_USER_PER_MINUTE: 10, WS_MESSAGES_PER_MINUTE: 120 });
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over BODY_LIMIT_BYTES with 413 and a clear message', async () => {
    const answer = await call(ctx.app, 'POST', '/loginByUsername', {
      body: JSON.stringify({ username: 'a@example.com', password: 'x'.repeat(5000) }),
      headers: { 'accept-language': 'en' },
    });
    expect(answer).toMatchObject({ status: 413, code: 413, msg: 'The request body is too large', data: null });
  });
});

describe('/ws limits', () => {
  async function open() {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`);
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws`);
    const received: Array<{ type: string; msg?: string }> = [];
    socket.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString()) as { type: string }));
    await once(socket, 'open');
    return { socket, received };
  }

  it('closes a connection that sends a message over the size limit (1009)', async () => {
    const { socket } = await open();
    const closed = once(socket, 'close');
    socket.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(WS_MAX_MESSAGE_BYTES) }));
    const [code] = (await closed) as [number];
    expect(code).toBe(1009);
  });

  it('answers up to the per-connection rate, then says why and closes (1008)', async () => {
    const { socket, received } = await open();
    const closed = once(socket, 'close');
    for (let i = 0; i < 8; i += 1) socket.send(JSON.stringify({ type: 'ping', ts: i }));
    const [code, reason] = (await closed) as [number, Buffer];
    expect(code).toBe(1008);
    expect(reason.toString()).toBe('too many messages');
    expect(received.filter((m) => m.type === 'pong')).toHaveLength(5);
    expect(received.at(-1)).toEqual({ type: 'error', msg: 'too many messages: at most 5 a minute' });
  });

  it('counts per connection, so a fresh connection is served', async () => {
    const { socket, received } = await open();
    socket.send(JSON.stringify({ type: 'ping', ts: 1 }));
    await new Promise<void>((resolve) => {
      const poll = () => (received.some((m) => m.type === 'pong') ? resolve() : setTimeout(poll, 10));
      poll();
    });
    socket.close();
  });
});

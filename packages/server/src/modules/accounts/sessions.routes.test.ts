import type { DeviceSession, InboxMessage } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

async function login(email: string, password: string, userAgent: string, ip = '198.51.100.10', locale = 'en') {
  const answer = await call<{ token: string }>(ctx.app, 'POST', '/loginByUsername', {
    body: { username: email, password },
    ip,
    headers: { 'user-agent': userAgent, 'accept-language': locale },
  });
  expect(answer.code).toBe(200);
  return answer.data.token;
}

const list = (token: string) => call<DeviceSession[]>(ctx.app, 'GET', '/userCenter/sessions', { token });
const revoke = (token: string, id: unknown) => call(ctx.app, 'POST', '/userCenter/sessions/revoke', { token, body: { id } });
const signedIn = async (token: string) => (await call(ctx.app, 'POST', '/api/user/info', { token, body: {} })).code === 200;
const inbox = (token: string) => call<{ list: InboxMessage[]; total: number }>(ctx.app, 'GET', '/userMessage/getMessage', { token });

describe('my sessions', () => {
  it('lists each signed-in device with its user agent, address, first and last use, and marks this one', async () => {
    const user = await registerUser(ctx.app);
    const registeredAt = Math.floor(ctx.clock.now().getTime() / 1000);
    ctx.clock.advance(5 * 60_000);
    const phone = await login(user.email, user.password, PHONE, '198.51.100.20');

    const mine = await list(phone);
    expect(mine.status).toBe(200);
    expect(mine.data).toHaveLength(2);
    const [latest, first] = mine.data;
    expect(latest).toMatchObject({ userAgent: PHONE, ip: '198.51.100.20', current: true, createTimeTimestamp: registeredAt + 300, lastSeenTimestamp: registeredAt + 300 });
    expect(first).toMatchObject({ userAgent: 'lightMyRequest', current: false, createTimeTimestamp: registeredAt, lastSeenTimestamp: registeredAt });
    expect((await list(user.token)).data.find((s) => s.current)?.id).toBe(first?.id);
  });

  it('updates last seen when a session is used (at most once a minute)', async () => {
    const user = await registerUser(ctx.app);
    const before = (await list(user.token)).data[0]!;
    ctx.clock.advance(30_000);
    await signedIn(user.token);
    expect((await list(user.token)).data[0]!.lastSeenTimestamp).toBe(before.lastSeenTimestamp);
    ctx.clock.advance(90_000);
    await signedIn(user.token);
    expect((await list(user.token)).data[0]!.lastSeenTimestamp).toBe(before.lastSeenTimestamp + 120);
  });

  it('signs out one device, which then gets 401; its session is gone from the list', async () => {
    const user = await registerUser(ctx.app);
    const laptop = await login(user.email, user.password, LAPTOP);
    const laptopId = (await list(laptop)).data.find((s) => s.current)!.id;

    expect(await revoke(user.token, laptopId)).toMatchObject({ status: 200, code: 200, data: null });
    expect(await signedIn(laptop)).toBe(false);
    expect((await list(user.token)).data.map((s) => s.id)).not.toContain(laptopId);
    expect(await revoke(user.token, laptopId)).toMatchObject({ status: 404, msg: 'This session does not exist' });
  });

  it('answers 404 for another user’s session and leaves it signed in', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const ownerSessionId = (await list(owner.token)).data[0]!.id;
    expect(await revoke(stranger.token, ownerSessionId)).toMatchObject({ status: 404, code: 404, msg: 'This session does not exist' });
    expect(await signedIn(owner.token)).toBe(true);
    expect(await revoke(stranger.token, 987_654_321)).toMatchObject({ status: 404 });
  });

  it('signs out every other device and keeps this one', async () => {
    const user = await registerUser(ctx.app);
    const phone = await login(user.email, user.password, PHONE);
    const laptop = await login(user.email, user.password, LAPTOP);
    const other = await registerUser(ctx.app);

    const answer = await call<{ revoked: number }>(ctx.app, 'POST', '/userCenter/sessions/revokeOthers', { token: phone, body: {} });
    expect(answer).toMatchObject({ status: 200, data: { revoked: 2 } });
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(user.token)).toBe(false);
    expect(await signedIn(other.token)).toBe(true);
    expect((await list(phone)).data).toHaveLength(1);
  });

  it('needs a session, and names a bad id', async () => {
    expect((await call(ctx.app, 'GET', '/userCenter/sessions')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/userCenter/sessions/revoke', { body: { id: 1 } })).status).toBe(401);
    const user = await registerUser(ctx.app);
    expect(await revoke(user.token, 'one')).toMatchObject({ status: 400, msg: 'ID must be of type number' });
    expect(await revoke(user.token, -3)).toMatchObject({ status: 400 });
  });
});

describe('new device notice', () => {
  it('puts one message in the inbox for each device and address not seen before, pushed live', async () => {
    const user = await registerUser(ctx.app);
    const pushed: unknown[] = [];
    const send = ctx.app.userChannels.send.bind(ctx.app.userChannels);
    ctx.app.userChannels.send = (userId, message) => {
      if (userId === user.user.id) pushed.push(message);
      send(userId, message);
    };
    try {
      // The device that registered is known already.
      await login(user.email, user.password, 'lightMyRequest', '127.0.0.1');
      expect((await inbox(user.token)).data.total).toBe(0);

      const phone = await login(user.email, user.password, PHONE, '198.51.100.30');
      const page = (await inbox(phone)).data;
      expect(page.total).toBe(1);
      expect(page.list[0]!.title).toBe('New sign-in to your account');
      expect(page.list[0]!.content).toContain(PHONE);
      expect(page.list[0]!.content).toContain('198.51.100.30');
      expect(pushed).toEqual([{ type: 'message', message: page.list[0] }]);

      await login(user.email, user.password, PHONE, '198.51.100.30');
      expect((await inbox(phone)).data.total).toBe(1);

      await login(user.email, user.password, PHONE, '203.0.113.99', 'de');
      const again = (await inbox(phone)).data;
      expect(again.total).toBe(2);
      // A notice is stored as message keys (migration 0024): each reader gets it in the language they ask in.
      expect(again.list[0]!.title).toBe('New sign-in to your account');
      const german = await call<{ list: InboxMessage[] }>(ctx.app, 'GET', '/userMessage/getMessage', { token: phone, headers: { languages: 'de' } });
      expect(german.data.list[0]!.title).toBe('Neue Anmeldung bei Ihrem Konto');
      expect(german.data.list[0]!.content).toContain('203.0.113.99');
      expect(pushed).toHaveLength(2);
    } finally {
      ctx.app.userChannels.send = send;
    }
  });

  it('is not sent for a refused sign-in', async () => {
    const user = await registerUser(ctx.app);
    const answer = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: user.email, password: 'wrong-pass' }, headers: { 'user-agent': LAPTOP } });
    expect(answer.code).toBe(400);
    expect((await inbox(user.token)).data.total).toBe(0);
  });
});

import type { KycApplication, User } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;
let admin: string;
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(48, 9)]);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

async function upload(token: string): Promise<string> {
  const boundary = 'kyc-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.jpg"\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return response.json<{ data: { url: string } }>().data.url;
}

const info = async (token: string) => (await call<User>(ctx.app, 'POST', '/api/user/info', { token, body: {} })).data;

describe('identity verification', () => {
  it('goes under review, can be refused with a reason, retried, and verified', async () => {
    const { token } = await registerUser(ctx.app);
    const countries = await call<Array<{ code: string }>>(ctx.app, 'GET', '/areaInfo/list');
    expect(countries.data.map((c) => c.code)).toContain('DE');
    const passport = { firstName: 'Ada', lastName: 'Lovelace', country: 'GB', documentType: 'passport', documentNumber: 'P1234567', frontUrl: await upload(token) };
    const idcardWithoutBack = await call(ctx.app, 'POST', '/updateReal', { token, body: { ...passport, documentType: 'idcard' } });
    expect(idcardWithoutBack.msg).toContain('back url');
    const submitted = await call<KycApplication>(ctx.app, 'POST', '/updateReal', { token, body: passport });
    expect(submitted.data.status).toBe(1);
    expect((await info(token)).kycStatus).toBe(1);
    expect((await call(ctx.app, 'POST', '/updateReal', { token, body: passport })).msg).toBe('Your identity verification is under review');
    const refused = await call<KycApplication>(ctx.app, 'POST', `/admin/kyc/${submitted.data.id}/reject`, { token: admin, body: { reason: 'The photo is blurred' } });
    expect(refused.data).toMatchObject({ status: 2, reason: 'The photo is blurred' });
    expect((await info(token)).kycStatus).toBe(2);
    const again = await call<KycApplication>(ctx.app, 'POST', '/updateReal', { token, body: { ...passport, frontUrl: await upload(token) } });
    await call(ctx.app, 'POST', `/admin/kyc/${again.data.id}/approve`, { token: admin, body: {} });
    expect(await info(token)).toMatchObject({ kycStatus: 3, name: 'Ada Lovelace' });
  });

  it('refuses another user’s images, and other users cannot read the images', async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const image = await upload(owner.token);
    const stolen = await call(ctx.app, 'POST', '/updateReal', {
      token: other.token,
      body: { firstName: 'A', lastName: 'B', country: 'US', documentType: 'passport', documentNumber: 'X12345', frontUrl: image },
    });
    expect(stolen.code).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: image, headers: { authorization: other.token } })).statusCode).toBe(403);
  });
});

describe('permission applications', () => {
  it('block trading goes under review and staff grant it, with an inbox message', async () => {
    const { token, user } = await registerUser(ctx.app);
    const applied = await call<{ status: number }>(ctx.app, 'POST', '/userCenter/apply/service', { token, body: { type: 'blockTrade' } });
    expect(applied.data.status).toBe(1);
    const queue = await call<Array<{ userId: number; kind: string }>>(ctx.app, 'GET', '/admin/permissions', { token: admin });
    expect(queue.data).toContainEqual(expect.objectContaining({ userId: user.id, kind: 'blockTrade' }));
    await call(ctx.app, 'POST', `/admin/permissions/${user.id}/blockTrade/approve`, { token: admin, body: {} });
    expect((await info(token)).blockTradePermission).toBe(3);
    expect((await call(ctx.app, 'POST', `/admin/permissions/${user.id}/blockTrade/approve`, { token: admin, body: {} })).code).toBe(409);
  });
});

describe('back office', () => {
  it('blocks a user (signed out everywhere, login refused) and unblocks; every action is in the audit log, which nobody can edit', async () => {
    const { token, user, email, password } = await registerUser(ctx.app);
    await call(ctx.app, 'POST', `/admin/users/${user.id}/block`, { token: admin, body: {} });
    expect((await call(ctx.app, 'POST', '/api/user/info', { token, body: {} })).code).toBe(401);
    const login = await call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password } });
    expect(login).toMatchObject({ code: 403, msg: 'This account is blocked. Contact customer service' });
    await call(ctx.app, 'POST', `/admin/users/${user.id}/unblock`, { token: admin, body: {} });
    expect((await call(ctx.app, 'POST', '/loginByUsername', { body: { username: email, password } })).code).toBe(200);
    const detail = await call<{ user: { id: number }; wallets: unknown; sessions: unknown[] }>(ctx.app, 'GET', `/admin/users/${user.id}`, { token: admin });
    expect(detail.data.user.id).toBe(user.id);
    expect(detail.data.sessions.length).toBeGreaterThan(0);
    const log = await call<{ list: Array<{ action: string; subject: string }> }>(ctx.app, 'GET', '/admin/audit?pageSize=100', { token: admin });
    expect(log.data.list.filter((e) => e.subject === `user:${user.id}`).map((e) => e.action)).toEqual(['user.unblock', 'user.block']);
    await expect(ctx.app.database.db.execute(sql`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow();
    await expect(ctx.app.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });

  it('answers 403 to an ordinary user on every /admin/ path', async () => {
    const { token } = await registerUser(ctx.app);
    const spec = (await ctx.app.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const adminPaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/admin/'));
    expect(adminPaths.length).toBeGreaterThanOrEqual(15);
    for (const [path, methods] of adminPaths) {
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{[^}]+\}/g, (param) => (param === '{kind}' ? 'trading' : '1'));
        const answer = await call(ctx.app, method.toUpperCase() as 'GET' | 'POST', url, { token, ...(method === 'post' && { body: {} }) });
        expect(answer.code, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('after a refusal the owner reads back what was sent (to prefill the retry, images included); no one else can', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const sent = { firstName: 'Grace', lastName: 'Hopper', country: 'US', documentType: 'idcard', documentNumber: 'ID-4455', frontUrl: await upload(owner.token), backUrl: await upload(owner.token) };
    const submitted = await call<KycApplication>(ctx.app, 'POST', '/updateReal', { token: owner.token, body: sent });
    await call(ctx.app, 'POST', `/admin/kyc/${submitted.data.id}/reject`, { token: admin, body: { reason: 'The number is cut off' } });

    const mine = await call<KycApplication | null>(ctx.app, 'POST', '/userCenter/kycInfo', { token: owner.token, body: {} });
    expect(mine.data).toMatchObject({ ...sent, status: 2, reason: 'The number is cut off' });
    // The images of the refused application are still the owner's: readable, and accepted again.
    for (const url of [sent.frontUrl, sent.backUrl]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: { authorization: owner.token } })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url, headers: { authorization: stranger.token } })).statusCode).toBe(403);
    }

    // The call takes no id: a stranger gets only their own (none), never the owner's submission.
    expect((await call(ctx.app, 'POST', '/userCenter/kycInfo', { token: stranger.token, body: {} })).data).toBeNull();
    expect((await call(ctx.app, 'POST', '/userCenter/kycInfo', { token: stranger.token, body: { id: submitted.data.id } })).code).toBe(400);
    expect((await call(ctx.app, 'POST', '/userCenter/kycInfo', { body: {} })).code).toBe(401);

    const retried = await call<KycApplication>(ctx.app, 'POST', '/updateReal', { token: owner.token, body: { ...sent, documentNumber: 'ID-445566' } });
    expect(retried.data).toMatchObject({ status: 1, documentNumber: 'ID-445566', frontUrl: sent.frontUrl, backUrl: sent.backUrl });
  });
});

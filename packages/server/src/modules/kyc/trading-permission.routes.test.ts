import type { KycApplication, Page, User } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

/* Issue 20: trading permission needs a verified identity; auto-approval happens at verification. */

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(48, 9)]);

async function upload(ctx: TestContext, token: string): Promise<string> {
  const boundary = 'kyc-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.jpg"\r\n\r\n`),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return response.json<{ data: { url: string } }>().data.url;
}

async function submitIdentity(ctx: TestContext, token: string) {
  const body = { firstName: 'Grace', lastName: 'Hopper', country: 'US', documentType: 'passport', documentNumber: 'P7654321', frontUrl: await upload(ctx, token) };
  const answer = await call<KycApplication>(ctx.app, 'POST', '/updateReal', { token, body });
  expect(answer.code).toBe(200);
  return answer.data;
}

const apply = (ctx: TestContext, token: string) => call<{ tradePermission: number }>(ctx.app, 'POST', '/api/user/userSet/applyStatus', { token, body: {} });
const info = async (ctx: TestContext, token: string) => (await call<User>(ctx.app, 'POST', '/api/user/info', { token, body: {} })).data;

describe('with auto-approval on (the default)', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await adminToken(ctx.app);
  });
  afterAll(() => ctx.close());

  it('applying before verification waits; verification grants it; the queue shows e-mail and name', async () => {
    const { token, email } = await registerUser(ctx.app);
    expect((await apply(ctx, token)).data.tradePermission).toBe(1);
    const application = await submitIdentity(ctx, token);
    expect((await apply(ctx, token)).data.tradePermission).toBe(1);
    expect((await info(ctx, token)).tradePermission).toBe(1);
    const queue = await call<Page<KycApplication>>(ctx.app, 'GET', '/admin/kyc?status=1', { token: admin });
    expect(queue.data.list.find((a) => a.id === application.id)?.applicant).toEqual({ email, name: '' });
    await call(ctx.app, 'POST', `/admin/kyc/${application.id}/approve`, { token: admin, body: {} });
    expect(await info(ctx, token)).toMatchObject({ kycStatus: 3, tradePermission: 3 });
  });

  it('a verified user who applies is granted at once; verifying does not grant to one who never applied', async () => {
    const { token } = await registerUser(ctx.app);
    const application = await submitIdentity(ctx, token);
    await call(ctx.app, 'POST', `/admin/kyc/${application.id}/approve`, { token: admin, body: {} });
    expect((await info(ctx, token)).tradePermission).toBe(0);
    expect((await apply(ctx, token)).data.tradePermission).toBe(3);
  });
});

describe('with auto-approval off', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext({ TRADING_AUTO_APPROVE: 'false' });
    admin = await adminToken(ctx.app);
  });
  afterAll(() => ctx.close());

  it('staff cannot grant trading before the identity is verified (nothing changes); after, they can', async () => {
    const { token, user } = await registerUser(ctx.app);
    expect((await apply(ctx, token)).data.tradePermission).toBe(1);
    const early = await call(ctx.app, 'POST', `/admin/permissions/${user.id}/trading/approve`, { token: admin, body: {} });
    expect(early).toMatchObject({ code: 409, msg: 'Trading permission needs a verified identity: complete identity verification first' });
    expect((await info(ctx, token)).tradePermission).toBe(1);
    const audits = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE subject = ${`user:${user.id}`}`);
    expect(audits[0]?.n).toBe(0);
    const application = await submitIdentity(ctx, token);
    await call(ctx.app, 'POST', `/admin/kyc/${application.id}/approve`, { token: admin, body: {} });
    expect((await info(ctx, token)).tradePermission).toBe(1);
    const granted = await call(ctx.app, 'POST', `/admin/permissions/${user.id}/trading/approve`, { token: admin, body: {} });
    expect(granted.data).toMatchObject({ kind: 'trading', status: 3, name: 'Grace Hopper' });
    expect((await info(ctx, token)).tradePermission).toBe(3);
  });
});

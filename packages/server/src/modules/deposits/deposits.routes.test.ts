import type { Deposit, Page, WalletBalance } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { auditLedger } from '../ledger/ledger-invariants.js';

let ctx: TestContext;
let admin: string;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx.app);
});
afterAll(() => ctx.close());

async function uploadProof(token: string): Promise<string> {
  const boundary = 'b0undary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload, headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return response.json<{ data: { url: string } }>().data.url;
}

const deposit = (token: string, body: Record<string, unknown>) => call<Deposit>(ctx.app, 'POST', '/recharge/create', { token, body });
const balance = async (token: string) => (await call<WalletBalance>(ctx.app, 'POST', '/wallet/getWalletBalance', { token, body: { walletType: 'BALANCE' } })).data.balance;

describe('deposits', () => {
  it('lists channels with receiving details', async () => {
    const { token } = await registerUser(ctx.app);
    const channels = await call<Array<{ type: string; address: string | null; accountNumber: string | null }>>(ctx.app, 'POST', '/recharge/currency/selectList', { token, body: {} });
    expect(channels.data.some((c) => c.type === 'fiat' && c.accountNumber)).toBe(true);
    expect(channels.data.some((c) => c.type === 'crypto' && c.address)).toBe(true);
  });

  it('need the credential screenshot, at least 1, and the caller’s own upload', async () => {
    const { token } = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    expect((await deposit(token, { channelId: 1, amount: 100 })).msg).toBe('Please upload your credentials first');
    const proof = await uploadProof(token);
    expect((await deposit(token, { channelId: 1, amount: '0.99', credentialUrl: proof })).msg).toBe('The minimum deposit is 1');
    expect((await deposit(token, { channelId: 1, amount: '10.001', credentialUrl: proof })).msg).toContain('Amount');
    expect((await deposit(token, { channelId: 99, amount: 10, credentialUrl: proof })).code).toBe(400);
    expect((await deposit(other.token, { channelId: 1, amount: 10, credentialUrl: proof })).code).toBe(400);
  });

  it('credit the BALANCE wallet only once even when approved twice at the same moment', async () => {
    const { token, user } = await registerUser(ctx.app);
    const created = await deposit(token, { channelId: 1, amount: '150.25', credentialUrl: await uploadProof(token) });
    expect(created.data.status).toBe(1);
    expect(await balance(token)).toBe(0);
    const pushed = vi.spyOn(ctx.app.userChannels, 'send');
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () => call<Deposit>(ctx.app, 'POST', `/admin/deposits/${created.data.id}/approve`, { token: admin, body: {} })),
    );
    // The verdict reaches the user's open apps once, as the inbox message itself.
    const told = pushed.mock.calls.filter(([userId, message]) => userId === user.id && message.type === 'message').map(([, message]) => message);
    pushed.mockRestore();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'message', message: { title: 'Deposit credited', isRead: false } });
    expect(approvals.filter((a) => a.code === 200)).toHaveLength(1);
    expect(approvals.filter((a) => a.code === 409)).toHaveLength(9);
    expect(await balance(token)).toBe(150.25);
    const mine = await call<Page<Deposit>>(ctx.app, 'POST', '/recharge/listPage', { token, body: {} });
    expect(mine.data.list[0]).toMatchObject({ id: created.data.id, status: 3 });
    const audits = await queryRows<{ action: string }>(ctx.app.database.db, sql`SELECT action FROM audit_log WHERE subject = ${`deposit:${created.data.id}`}`);
    expect(audits.map((a) => a.action)).toEqual(['deposit.approve']);
    const messages = await queryRows<{ title: string }>(ctx.app.database.db, sql`SELECT title FROM user_messages WHERE user_id = ${user.id}`);
    expect(messages.map((m) => m.title)).toContain('Deposit credited');
    expect(await auditLedger(ctx.app.database.db)).toMatchObject({ unbalancedEntries: 0, accountsOffTheirPostings: 0, negativeUserAccounts: 0 });
  });

  it('a rejected deposit carries its reason and credits nothing; crypto needs 3 confirmations', async () => {
    const { token } = await registerUser(ctx.app);
    const proof = await uploadProof(token);
    const fiat = await deposit(token, { channelId: 1, amount: 20, credentialUrl: proof });
    const rejected = await call<Deposit>(ctx.app, 'POST', `/admin/deposits/${fiat.data.id}/reject`, { token: admin, body: { reason: 'No matching transfer received' } });
    expect(rejected.data).toMatchObject({ status: 2, reason: 'No matching transfer received' });
    expect(await balance(token)).toBe(0);
    const crypto = await deposit(token, { channelId: 3, amount: 30, credentialUrl: proof });
    const early = await call(ctx.app, 'POST', `/admin/deposits/${crypto.data.id}/approve`, { token: admin, body: { confirmations: 2 } });
    expect(early.msg).toContain('confirmations');
    expect((await call(ctx.app, 'POST', `/admin/deposits/${crypto.data.id}/approve`, { token: admin, body: { confirmations: 3 } })).code).toBe(200);
    expect(await balance(token)).toBe(30);
  });

  it('the deposit queue is for admins only', async () => {
    const { token } = await registerUser(ctx.app);
    expect((await call(ctx.app, 'GET', '/admin/deposits', { token })).code).toBe(403);
    expect((await call(ctx.app, 'POST', '/admin/deposits/1/approve', { token, body: {} })).code).toBe(403);
    const queue = await call<Page<Deposit>>(ctx.app, 'GET', '/admin/deposits?status=1', { token: admin });
    expect(queue.data.list.every((d) => d.status === 1)).toBe(true);
  });
});

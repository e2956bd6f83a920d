import type { InboxMessage } from '@tradewind/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.js';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { shownField } from '../../../test/shown-field.js';
import { insertMessage } from './inbox.repository.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type InboxPage = { list: InboxMessage[]; total: number; unread: number };

describe('inbox', () => {
  it('lists messages with the unread count; opening one marks it read; mark-all is idempotent; others cannot read them', async () => {
    const { token, user } = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    for (const title of ['Deposit credited', 'Identity verified', 'Position liquidated']) {
      await insertMessage(ctx.app.database.db, { userId: user.id, title, body: `${title}.`, createdAt: ctx.clock.now() });
    }
    const page = await call<InboxPage>(ctx.app, 'GET', '/userMessage/getMessage', { token });
    expect(page.data).toMatchObject({ total: 3, unread: 3 });
    expect(page.data.list[0]).toMatchObject({ title: 'Position liquidated', isRead: false });
    const first = page.data.list[0]!;
    expect((await call(ctx.app, 'GET', `/userMessage/${first.id}`, { token: other.token })).code).toBe(404);
    const opened = await call<InboxMessage>(ctx.app, 'GET', `/userMessage/${first.id}`, { token });
    expect(opened.data.isRead).toBe(true);
    expect((await call<InboxPage>(ctx.app, 'GET', '/userMessage/getMessage?read=false', { token })).data.total).toBe(2);
    expect((await call<{ unread: number }>(ctx.app, 'POST', '/userMessage/updateRead', { token, body: {} })).data.unread).toBe(0);
    expect((await call<{ unread: number }>(ctx.app, 'POST', '/userMessage/updateRead', { token, body: {} })).data.unread).toBe(0);
    expect((await call(ctx.app, 'POST', '/userMessage/updateRead', { token: other.token, body: { id: first.id } })).code).toBe(404);
  });

  it('sends a back-office message to one user, pushed live, with an audit row', async () => {
    const admin = await adminToken(ctx.app);
    const { token, user } = await registerUser(ctx.app);
    const bystander = await registerUser(ctx.app);
    const pushed = vi.spyOn(ctx.app.userChannels, 'send');
    const sent = await call<{ delivered: number }>(ctx.app, 'POST', '/admin/messages', {
      token: admin,
      body: { audience: 'user', userId: user.id, title: 'Welcome', content: 'Your account is ready.' },
    });
    const told = pushed.mock.calls.map(([userId, event]) => [userId, event.type]);
    pushed.mockRestore();
    expect(sent.data).toEqual({ delivered: 1 });
    expect(told).toEqual([[user.id, 'message']]);
    expect((await call<InboxPage>(ctx.app, 'GET', '/userMessage/getMessage', { token })).data).toMatchObject({ unread: 1, list: [{ title: 'Welcome', content: 'Your account is ready.' }] });
    expect((await call<InboxPage>(ctx.app, 'GET', '/userMessage/getMessage', { token: bystander.token })).data.total).toBe(0);
    const audits = await queryRows<{ subject: string }>(ctx.app.database.db, sql`SELECT subject FROM audit_log WHERE action = 'message.send'`);
    expect(audits).toContainEqual({ subject: `user:${user.id}` });
  });

  it('broadcasts to every user exactly once and pushes each of them after the commit', async () => {
    const admin = await adminToken(ctx.app);
    await Promise.all(Array.from({ length: 5 }, () => registerUser(ctx.app)));
    const customers = await queryRows<{ id: string }>(ctx.app.database.db, sql`SELECT id FROM users WHERE role = 'user'`);
    const ids = customers.map((row) => Number(row.id)).sort((a, b) => a - b);
    const pushed = vi.spyOn(ctx.app.userChannels, 'send');
    const sent = await call<{ delivered: number }>(ctx.app, 'POST', '/admin/messages', {
      token: admin,
      body: { audience: 'all', title: 'Maintenance tonight', content: 'Trading pauses 02:00–02:30 UTC.' },
    });
    const told = pushed.mock.calls.filter(([, event]) => event.type === 'message').map(([userId]) => userId).sort((a, b) => a - b);
    pushed.mockRestore();
    expect(sent.data.delivered).toBe(ids.length);
    expect(told).toEqual(ids);
    const copies = await queryRows<{ user_id: string; n: number }>(
      ctx.app.database.db,
      sql`SELECT user_id, count(*)::int AS n FROM user_messages WHERE title = 'Maintenance tonight' GROUP BY user_id`,
    );
    expect(copies.map((row) => Number(row.user_id)).sort((a, b) => a - b)).toEqual(ids);
    expect(copies.every((row) => row.n === 1)).toBe(true);
    const admins = await queryRows<{ n: number }>(ctx.app.database.db, sql`SELECT count(*)::int AS n FROM user_messages m JOIN users u ON u.id = m.user_id WHERE u.role = 'admin'`);
    expect(admins[0]?.n).toBe(0);
  });

  it('refuses customers (403), unknown recipients (404) and bad input (400 naming the field)', async () => {
    const admin = await adminToken(ctx.app);
    const { token, user } = await registerUser(ctx.app);
    const send = (body: unknown, as = admin) => call(ctx.app, 'POST', '/admin/messages', { token: as, body });
    expect((await send({ audience: 'all', title: 'Hi', content: 'Hello' }, token)).code).toBe(403);
    expect(await send({ audience: 'user', userId: 987654, title: 'Hi', content: 'Hello' })).toMatchObject({ code: 404, msg: 'There is no user with the id 987654' });
    const cases: Array<[unknown, string]> = [
      [{ audience: 'user', title: 'Hi', content: 'Hello' }, 'userId'],
      [{ audience: 'all', userId: user.id, title: 'Hi', content: 'Hello' }, 'userId'],
      [{ audience: 'everyone', title: 'Hi', content: 'Hello' }, 'audience'],
      [{ audience: 'all', title: '', content: 'Hello' }, 'title'],
      [{ audience: 'all', title: 'Hi', content: 'x'.repeat(2001) }, 'content'],
    ];
    for (const [body, field] of cases) {
      const answer = await send(body);
      expect(answer.code, field).toBe(400);
      expect(answer.msg, field).toContain(shownField(field));
    }
  });

  it('marking one message read twice is harmless', async () => {
    const { token, user } = await registerUser(ctx.app);
    const row = await insertMessage(ctx.app.database.db, { userId: user.id, title: 'Once', body: 'Once.', createdAt: ctx.clock.now() });
    for (let i = 0; i < 2; i++) {
      expect(await call(ctx.app, 'POST', '/userMessage/updateRead', { token, body: { id: row.id } })).toMatchObject({ code: 200, data: { unread: 0 } });
    }
  });
});

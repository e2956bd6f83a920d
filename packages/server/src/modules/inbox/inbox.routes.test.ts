import type { InboxMessage } from '@tradewind/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
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
});

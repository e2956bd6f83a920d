import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';
import { claim, close, hashVisitorToken, history, reply, send, type ChatDeps, type ChatNotifier } from './chat.service.js';

let ctx: TestContext;
let deps: ChatDeps;
const heard: Array<{ to: string; type: string }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  // Records where each event went; the database underneath is the real one.
  const notify: ChatNotifier = {
    owner: (owner, event) => heard.push({ to: owner.kind === 'user' ? `user:${owner.userId}` : `visitor:${owner.tokenHash}`, type: event.type }),
    agents: (event) => heard.push({ to: 'agents', type: event.message ? 'line' : 'change' }),
  };
  deps = { db: ctx.database.db, clock: ctx.clock, notify };
});
afterAll(() => ctx.close());

describe('chat service', () => {
  it('stores only a hash of the visitor token', () => {
    expect(hashVisitorToken('a'.repeat(40))).toMatch(/^[a-f0-9]{64}$/);
    expect(hashVisitorToken('a'.repeat(40))).not.toBe(hashVisitorToken('b'.repeat(40)));
  });

  it('opens one conversation for first messages sent at the same time', async () => {
    const { user } = await registerUser(ctx.app);
    const owner = { kind: 'user', userId: user.id } as const;
    const lines = await Promise.all(Array.from({ length: 5 }, (_, i) => send(deps, owner, { text: `at once ${i}` })));
    expect(new Set(lines.map((m) => m.conversationId)).size).toBe(1);
  });

  it('pages history backwards, oldest first within a page, across the owner’s conversations', async () => {
    const { user } = await registerUser(ctx.app);
    const owner = { kind: 'user', userId: user.id } as const;
    const first = await send(deps, owner, { text: 'one' });
    await close(deps, { userId: user.id, ip: '127.0.0.1' }, first.conversationId);
    await send(deps, owner, { text: 'two' });
    await send(deps, owner, { text: 'three' });

    const newest = await history(deps, owner, { pageSize: 2 });
    expect(newest).toMatchObject({ status: 'open', hasMore: true });
    expect(newest.list.map((m) => m.text)).toEqual(['two', 'three']);
    const older = await history(deps, owner, { pageSize: 2, beforeId: newest.list[0]!.id });
    expect(older.list.map((m) => m.text)).toEqual(['one']);
    expect(older.hasMore).toBe(false);
  });

  it('tells the owner and the agents, and after a claim the user instead of the visitor', async () => {
    const token = 'c'.repeat(40);
    const visitor = { kind: 'visitor', tokenHash: hashVisitorToken(token) } as const;
    const { user } = await registerUser(ctx.app);
    heard.length = 0;
    const line = await send(deps, visitor, { text: 'as a visitor' });
    await claim(deps, user.id, token);
    await reply(deps, { userId: user.id, ip: '127.0.0.1' }, line.conversationId, 'answer');
    expect(heard).toEqual([
      { to: `visitor:${visitor.tokenHash}`, type: 'chat' },
      { to: 'agents', type: 'line' },
      { to: 'agents', type: 'change' },
      { to: `user:${user.id}`, type: 'chat' },
      { to: 'agents', type: 'line' },
    ]);
  });
});

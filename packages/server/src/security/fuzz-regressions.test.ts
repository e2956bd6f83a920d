import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../test/test-app.js';
import { findNulText } from '../plugins/text-input.plugin.js';

/** The 500s the API fuzz test found, each kept as a plain case. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('U+0000 in any input (PostgreSQL text cannot hold it)', () => {
  it('finds it in values and keys at any depth, naming the field', () => {
    expect(findNulText({ a: { b: ['x', 'y\u0000'] } }, 'body')).toBe('a.b.1');
    expect(findNulText({ ['k\u0000']: 1 }, 'body')).toBe('body');
    expect(findNulText('a\u0000', 'body')).toBe('body');
    expect(findNulText({ a: 'fine', b: [1, null, true] }, 'body')).toBeUndefined();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(findNulText(deep, 'body')).toMatch(/^0(\.0)*$/);
  });

  it('is a 400 naming the field in a query, a body and a path parameter, not a database error', async () => {
    const token = await adminToken(ctx.app);
    const query = await call(ctx.app, 'GET', '/admin/outbox?to=a%00b', { token });
    expect([query.status, query.msg]).toEqual([400, 'to has an invalid format']);
    const user = await registerUser(ctx.app);
    const body = await call(ctx.app, 'POST', '/chat/send', { token: user.token, body: { content: 'hello\u0000' } });
    expect([body.status, body.msg]).toEqual([400, 'content has an invalid format']);
    const param = await call(ctx.app, 'GET', '/article/1%00', {});
    expect([param.status, param.msg]).toEqual([400, 'ID has an invalid format']);
  });
});

describe('a body that only claims to be multipart', () => {
  it('is refused as a missing file, not a 500', async () => {
    const user = await registerUser(ctx.app);
    for (const payload of ['{"a":1}', '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/file/upload',
        headers: { authorization: user.token, 'content-type': 'multipart/form-data; boundary=fuzz' },
        payload,
      });
      expect([answer.statusCode, answer.json<{ msg: string }>().msg]).toEqual([400, 'Choose an image to upload (form field "file")']);
    }
  });
});

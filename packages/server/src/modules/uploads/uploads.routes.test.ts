import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTestContext, registerUser, type TestContext } from '../../../test/test-app.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 3)]);

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = '----tradewind-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, filename: string, content: Buffer, field?: string) {
  const body = multipart(filename, content, field);
  const response = await ctx.app.inject({ method: 'POST', url: '/file/upload', payload: body.payload, headers: { ...body.headers, authorization: token } });
  return response.json<{ code: number; msg: string; data: { url: string } | null }>();
}

describe('/file/upload', () => {
  it('stores JPEG, PNG and WebP under a server-chosen name and serves them to the owner and admins only', async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    for (const [name, bytes, type] of [['me.jpg', jpeg, 'image/jpeg'], ['me.png', png, 'image/png'], ['me.webp', webp, 'image/webp']] as const) {
      const answer = await upload(owner.token, name, bytes);
      expect(answer.code).toBe(200);
      expect(answer.data?.url).toMatch(/^\/file\/[a-f0-9]{32}\.(jpg|png|webp)$/);
      const mine = await ctx.app.inject({ method: 'GET', url: answer.data!.url, headers: { authorization: owner.token } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe(type);
      expect(mine.headers['x-content-type-options']).toBe('nosniff');
      expect(mine.rawPayload.equals(bytes)).toBe(true);
      const theirs = await ctx.app.inject({ method: 'GET', url: answer.data!.url, headers: { authorization: other.token } });
      expect(theirs.statusCode).toBe(403);
      const admin = await ctx.app.inject({ method: 'GET', url: answer.data!.url, headers: { authorization: await adminToken(ctx.app) } });
      expect(admin.statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: answer.data!.url })).statusCode).toBe(401);
    }
  });

  it('refuses 6 MB, a PNG renamed .exe, an SVG, a text file named .jpg, and a path in the name', async () => {
    const { token } = await registerUser(ctx.app);
    const big = await upload(token, 'big.png', Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]));
    expect(big).toMatchObject({ code: 400, msg: 'The file size cannot exceed 5M' });
    expect((await upload(token, 'tool.exe', png)).msg).toBe('Only JPEG, PNG or WebP images can be uploaded');
    expect((await upload(token, 'x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).code).toBe(400);
    expect((await upload(token, 'x.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).code).toBe(400);
    expect((await upload(token, 'notes.jpg', Buffer.from('just some text, not an image'))).msg).toBe('Only JPEG, PNG or WebP images can be uploaded');
    const traversal = await upload(token, '../../x.png', png);
    expect(traversal.code).toBe(200);
    expect(traversal.data?.url).not.toContain('..');
    expect((await upload(token, 'me.png', png, 'other')).msg).toContain('file');
    const anonymous = multipart('me.png', png);
    expect((await ctx.app.inject({ method: 'POST', url: '/file/upload', payload: anonymous.payload, headers: anonymous.headers })).statusCode).toBe(401);
  });
});

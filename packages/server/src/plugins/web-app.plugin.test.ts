import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, registerUser, type TestContext } from '../../test/test-app.js';
import { FIRST_DATA_ELEMENT_ID, FIRST_DATA_MARKER, type FirstData, SSR_MARKER, inlineScriptHashes, jsonForHtml, withFirstData, withHomeMarkup } from './web-app.plugin.js';

let ctx: TestContext;
let webDist: string;
/** The CSP 3 specification's own example of a hash source (§ 2.3.1): the script and its hash. */
const helloScript = "<script>alert('Hello, world.');</script>";
const helloHash = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradewind-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><body><div id="root"></div>${helloScript}</body></html>`);
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), script);
  // What the build's precompress step writes beside each text file.
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.gz'), gzipSync(script));
  fs.writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{}');
  ctx = await createTestContext({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('web app files', () => {
  it('sends the precompressed copy to a browser that accepts brotli, with the script type and long caching', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await ctx.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('does not serve the build manifest (a dot folder)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect({ status: res.statusCode, body: res.body.slice(0, 80) }).toMatchObject({ status: 404 });
  });
});

/** The inlined data block of a served index.html. */
function firstDataOf(html: string): FirstData {
  const match = new RegExp(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error('index.html has no first-data block');
  return JSON.parse(match[1]) as FirstData;
}

describe('index.html with the first data (issue 23)', () => {
  it('inlines the public market answers Home and Market fetch first, under the CSP, never cached for long', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The template's inline script, by its hash; nothing else inline (no 'unsafe-inline').
    expect(String(res.headers['content-security-policy'])).toContain(`script-src 'self' ${helloHash};`);
    const data = firstDataOf(res.body);
    expect(Math.abs(Date.now() - data.at)).toBeLessThan(60_000);
    for (const path of ['/m_ft/global_index', '/m_ft/hot_stock', '/m_ft/home_custom_list']) {
      const api = await call<unknown[]>(ctx.app, 'GET', path);
      const inlined = data.answers[path] as { stock_code: string }[];
      expect(inlined.length, path).toBe(api.data.length);
      expect(inlined.length, path).toBeGreaterThan(0);
    }
    const page = data.answers['/m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30'] as { list: unknown[]; pageNum: number };
    expect(page.pageNum).toBe(1);
    expect(page.list.length).toBeGreaterThan(0);
    // The page itself is untouched around the block.
    expect(res.body.startsWith('<!doctype html><html><body><div id="root"></div>')).toBe(true);
  });

  it('is the same for a signed-in caller with a watchlist as for a stranger: nothing of the user is inlined', async () => {
    const user = await registerUser(ctx.app);
    expect((await call(ctx.app, 'POST', '/userSelfSecurity/save', { body: { secuCode: 'TSLA' }, token: user.token })).code).toBe(200);
    const mine = await call<{ stock_code: string }[]>(ctx.app, 'GET', '/m_ft/home_custom_list', { token: user.token });
    expect(mine.data.map((item) => item.stock_code)).toEqual(['TSLA']);

    const signedIn = await ctx.app.inject({ method: 'GET', url: '/', headers: { authorization: user.token, 'accept-encoding': 'identity' } });
    const stranger = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(signedIn.body).toBe(stranger.body);
    expect(signedIn.body).not.toContain(user.email);
    expect(signedIn.body).not.toContain('"selfSelectStatus":1');
    const visitorsList = firstDataOf(stranger.body).answers['/m_ft/home_custom_list'] as { stock_code: string }[];
    expect(visitorsList.map((item) => item.stock_code)).not.toEqual(['TSLA']);
  });

  it('sends index.html compressed as the browser accepts, and /index.html the same page', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain(`id="${FIRST_DATA_ELEMENT_ID}"`);
    const named = await ctx.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'identity' } });
    expect(named.body).toContain(`id="${FIRST_DATA_ELEMENT_ID}"`);
  });
});

describe('jsonForHtml', () => {
  it('cannot close the data block, open a comment or break a line in a script reader', () => {
    const hostile = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const encoded = jsonForHtml(hostile);
    expect(encoded).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(encoded)).toEqual(hostile);
    const page = withFirstData('<html><body><p>x</p></body></html>', { at: 1, answers: { '/a': hostile } });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page.endsWith('</body></html>')).toBe(true);
  });
});

describe('withFirstData', () => {
  it('puts the block at the marker, before the script that reads it (public/boot.js), $-patterns kept as text', () => {
    const page = withFirstData(`<body><div id="root"></div>${FIRST_DATA_MARKER}<script src="/boot.js"></script></body>`, { at: 1, answers: { '/a': "$' $1" } });
    expect(page).toBe(`<body><div id="root"></div><script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">{"at":1,"answers":{"/a":"$' $1"}}</script><script src="/boot.js"></script></body>`);
  });
});

describe('withHomeMarkup', () => {
  const template = `<body><div id="root">${SSR_MARKER}<div class="boot-splash">…</div></div></body>`;

  it("puts the server's Home in its own element before the splash, at the marker only", () => {
    expect(withHomeMarkup(template, '<main>$& $1 Home</main>')).toBe(
      '<body><div id="root"><div id="ssr-root" class="ssr-root"><main>$& $1 Home</main></div><div class="boot-splash">…</div></div></body>',
    );
  });

  it('leaves the splash alone when there is no markup (a failed render): no empty element hides it', () => {
    expect(withHomeMarkup(template, '')).toBe(template);
  });
});

describe('inlineScriptHashes (issue 23: theme.js and boot.js inlined, allowed by hash)', () => {
  it('gives the CSP hash of each runnable inline script, as the CSP specification computes it', () => {
    expect(inlineScriptHashes(`<head>${helloScript}</head>`)).toEqual([helloHash]);
    expect(inlineScriptHashes(`<script type="module">alert('Hello, world.');</script>`)).toEqual([helloHash]);
  });

  it('skips scripts loaded from a file and data blocks, and lists a script written twice once', () => {
    const html = `${helloScript}<script type="module" src="./assets/app.js"></script><script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">{"at":1}</script>${helloScript}`;
    expect(inlineScriptHashes(html)).toEqual([helloHash]);
    expect(inlineScriptHashes('<body><div id="root"></div></body>')).toEqual([]);
  });

  it('hashes the exact text between the tags: a changed byte is another hash', () => {
    const [changed] = inlineScriptHashes("<script>alert('Hello, world.'); </script>");
    expect(changed).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(changed).not.toBe(helloHash);
  });
});

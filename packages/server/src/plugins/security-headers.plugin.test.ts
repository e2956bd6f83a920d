import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestContext, registerUser, type TestContext } from '../../test/test-app.js';
import { redactQuery } from '../app.js';
import { appCsp } from './security-headers.plugin.js';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  // A stand-in for the built web app, so the HTML answer goes through the same plugins as in production.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradewind-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Tradewind"}');
  ctx = await createTestContext({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const directivesOf = (headers: Record<string, unknown>): Record<string, string[]> =>
  Object.fromEntries(String(headers['content-security-policy']).split(/;\s*/).map((d) => [d.split(' ')[0] ?? '', d.split(' ').slice(1)]));

function expectHardened(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  const csp = String(headers['content-security-policy']);
  const directives: Record<string, string[]> = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0] ?? '', d.split(' ').slice(1)]));
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['worker-src']).toEqual(["'self'"]);
  expect(directives['manifest-src']).toEqual(["'self'"]);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

/** A JSON answer opened as a page may load, run, submit and frame nothing: every fetch directive falls back to 'none'. */
function expectHardenedJson(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cache-control']).toBe('no-store');
  // Only a document can open windows; a JSON answer runs no script even when opened as a page.
  expect(headers['cross-origin-opener-policy']).toBeUndefined();
  const directives = directivesOf(headers);
  expect(directives).toEqual({
    'default-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

describe('security headers', () => {
  it('are on the app’s HTML page, which is revalidated at every load', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectHardened(response.headers);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('are on the app’s script files, which are cached for good (their names carry a hash)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expectHardened(response.headers);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('are on the service worker, a script revalidated at every check so a new build reaches phones', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expectHardened(response.headers);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('are on the web app manifest, served as a manifest', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expectHardened(response.headers);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('are on API answers, successful and refused, which are never stored and as pages may load nothing', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/health' },
      { method: 'GET' as const, url: '/m_ft/stock_detail_ft?stockCode=AAPL' },
      { method: 'POST' as const, url: '/api/user/info', payload: {} },
      { method: 'POST' as const, url: '/loginByUsername', payload: { username: 'nobody' } },
      { method: 'GET' as const, url: '/no-such-call' },
    ]) {
      const response = await ctx.app.inject(request);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectHardenedJson(response.headers);
    }
  });
});

describe('issue 19: what the app may reach, the API reference, HTTPS and logged URLs', () => {
  it('lets the app connect to its own origin only and frame only the published webview hosts', async () => {
    const before = directivesOf((await ctx.app.inject({ method: 'GET', url: '/' })).headers);
    expect(before['connect-src']).toEqual(["'self'"]);
    expect(before['frame-src']).toEqual(["'self'"]);

    const admin = await adminToken(ctx.app);
    const published = await call(ctx.app, 'POST', '/admin/appVersion', {
      token: admin,
      body: { version: '2.0.0', forceUpdate: false, downloadUrl: '', notes: '', webviewHosts: ['docs.example.com', 'help.example.org'] },
    });
    expect(published.code).toBe(200);
    const after = directivesOf((await ctx.app.inject({ method: 'GET', url: '/' })).headers);
    expect(after['frame-src']).toEqual(["'self'", 'https://docs.example.com', 'https://help.example.org']);
    expect(after['connect-src']).toEqual(["'self'"]);
  });

  it('serves /docs in a sandbox of its own with a strict policy; the description it reads is open to it', async () => {
    for (const url of ['/docs', '/docs/static/index.html']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const directives = directivesOf(response.headers);
      expect(directives.sandbox, url).toEqual(['allow-scripts', 'allow-popups', 'allow-forms']);
      expect(directives['form-action']).toEqual(["'none'"]);
      expect(directives['default-src']).toEqual(["'none'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['connect-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
    }
    const json = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['access-control-allow-origin']).toBe('*');
    // The app's pages are not opened to other origins.
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/docsx' })).headers['content-security-policy']).not.toMatch(/sandbox/);
  });

  it('lets /docs’ opaque origin (`null`) call the API with a pasted token, never with cookies, and no other origin', async () => {
    const token = (await registerUser(ctx.app)).token;
    const url = '/userSelfSecurity/selectSelfSelectionStocksData';
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin: 'null', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, languages' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('null');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const signedIn = await ctx.app.inject({ method: 'GET', url, headers: { origin: 'null', authorization: `Bearer ${token}` } });
    expect(signedIn.json<{ code: number }>().code).toBe(200);
    expect(signedIn.headers['access-control-allow-origin']).toBe('null');
    expect(String(signedIn.headers['access-control-expose-headers'])).toContain('x-request-id');
    expect(signedIn.headers['access-control-allow-credentials']).toBeUndefined();
    // Refusals are readable too (Try it out shows the envelope of a 401).
    const refused = await ctx.app.inject({ method: 'GET', url, headers: { origin: 'null' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('null');

    // A request with cookies, or from any real origin, is not opened: not the answer, not the preflight.
    const withCookie = await ctx.app.inject({ method: 'GET', url, headers: { origin: 'null', cookie: 'a=b', authorization: token } });
    expect(withCookie.headers['access-control-allow-origin']).toBeUndefined();
    const cookiePreflight = await ctx.app.inject({ method: 'OPTIONS', url, headers: { origin: 'null', cookie: 'a=b', 'access-control-request-method': 'GET' } });
    expect(cookiePreflight.headers['access-control-allow-origin']).toBeUndefined();
    // /metrics trusts the loopback address, not a token: a `null`-origin page on the operator's machine must not read it.
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { origin: 'null' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['access-control-allow-origin']).toBeUndefined();
    for (const origin of ['https://evil.example', 'http://localhost:3000']) {
      const other = await ctx.app.inject({ method: 'GET', url, headers: { origin, authorization: token } });
      expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
      const otherPreflight = await ctx.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET' } });
      expect(otherPreflight.statusCode, origin).toBe(404);
      expect(otherPreflight.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('sends no Strict-Transport-Security on plain http without a proxy', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('sends Strict-Transport-Security behind a proxy (TRUST_PROXY), and adds configured connect sources', async () => {
    const proxied = await createTestContext({ TRUST_PROXY: 'true', CSP_CONNECT_SOURCES: 'wss://feed.example.com https://api.example.com', WEB_DIST: webDist });
    try {
      const response = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directivesOf(response.headers)['connect-src']).toEqual(["'self'", 'wss://feed.example.com', 'https://api.example.com']);
    } finally {
      await proxied.close();
    }
  });

  it('logs request URLs without their query values', () => {
    expect(redactQuery('/admin/outbox?to=alice%40example.com&to=bob')).toBe('/admin/outbox?to=[redacted]');
    expect(redactQuery('/userMessage/getMessage?pageNum=1&pageSize=20')).toBe('/userMessage/getMessage?pageNum=[redacted]&pageSize=[redacted]');
    expect(redactQuery('/health')).toBe('/health');
  });
});

describe('appCsp with the inline scripts of index.html (issue 23)', () => {
  const hash = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

  it('allows them by hash in script-src only, never inline code in general', () => {
    const csp = appCsp([], [], [hash]);
    expect(csp).toContain(`script-src 'self' ${hash};`);
    expect(csp.split(hash)).toHaveLength(2);
    expect(csp).not.toMatch(/'unsafe-(inline|eval)'[^;]*;[^;]*script-src|script-src[^;]*'unsafe-/);
    expect(appCsp([], [])).toContain("script-src 'self';");
  });

  it('refuses anything that is not a sha256 hash source, so no keyword or host can be slipped in', () => {
    for (const bad of ["'unsafe-inline'", '*', "'sha256-short='", `${hash} 'unsafe-eval'`]) {
      expect(() => appCsp([], [], [bad]), bad).toThrow(/not a CSP script hash/);
    }
  });
});

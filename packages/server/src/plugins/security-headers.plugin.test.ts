import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

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

function expectHardened(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
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

  it('are on API answers, successful and refused, which are never stored', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/health' },
      { method: 'POST' as const, url: '/api/user/info', payload: {} },
      { method: 'POST' as const, url: '/loginByUsername', payload: { username: 'nobody' } },
      { method: 'GET' as const, url: '/no-such-call' },
    ]) {
      const response = await ctx.app.inject(request);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectHardened(response.headers);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../app.js';
import { createStartingServer } from '../lib/starting-server.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('request ids', () => {
  it('keeps a plain X-Request-Id from the caller and returns it, on success and on errors', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-7f3a.42:9' } });
    expect(ok.headers['x-request-id']).toBe('lb-7f3a.42:9');
    const missing = await ctx.app.inject({ method: 'GET', url: '/no/such/route', headers: { 'x-request-id': 'abc-123' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('abc-123');
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/user/info', headers: { 'x-request-id': 'abc-124' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('abc-124');
  });

  it("replaces a missing, too long or strange id with a fresh one: the process's random prefix and a count", async () => {
    const fresh = /^[A-Za-z0-9_-]{12}-[0-9a-z]+$/;
    const ids = new Set<string>();
    for (const header of [undefined, 'x'.repeat(129), 'evil"}\\n{"level":60', 'a b', '']) {
      const answer = await ctx.app.inject({ method: 'GET', url: '/health', headers: header === undefined ? {} : { 'x-request-id': header } });
      const id = String(answer.headers['x-request-id']);
      expect(id).toMatch(fresh);
      ids.add(id);
    }
    expect(ids.size).toBe(5);
  });
});

describe('request logs', () => {
  it('logs probes at debug and other requests at info, each line with the request id', async () => {
    const lines: { level: number; msg: string; reqId?: string; req?: { url: string } }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const app = await buildApp({ config: ctx.config, database: ctx.database, loggerInstance: pino(loggerOptions('info'), sink) });
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/ready', headers: { 'x-request-id': 'probe-9' } });
      await app.inject({ method: 'GET', url: '/health?x=1', headers: { 'x-request-id': 'probe-10' } });
      await app.inject({ method: 'GET', url: '/openapi.json', headers: { 'x-request-id': 'call-11' } });
    } finally {
      await app.close();
    }
    expect(lines.filter((l) => l.reqId === 'probe-9' || l.reqId === 'probe-10')).toEqual([]);
    expect(lines.filter((l) => l.reqId === 'call-11').map((l) => [l.level, l.msg])).toEqual([[30, 'incoming request'], [30, 'request completed']]);

    const debugLines: typeof lines = [];
    const debugSink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) debugLines.push(JSON.parse(line) as (typeof lines)[number]);
        done();
      },
    });
    const verbose = await buildApp({ config: ctx.config, database: ctx.database, loggerInstance: pino(loggerOptions('debug'), debugSink) });
    await verbose.ready();
    await verbose.inject({ method: 'GET', url: '/ready', headers: { 'x-request-id': 'probe-12' } });
    await verbose.close();
    expect(debugLines.filter((l) => l.reqId === 'probe-12').map((l) => [l.level, l.msg])).toEqual([[20, 'incoming request'], [20, 'request completed']]);
  });
});

describe('the port before start-up ends', () => {
  it('answers /health "starting", /ready and other paths 503, then hands over to the app', async () => {
    const starting = createStartingServer('pglite');
    starting.server.listen(0, '127.0.0.1');
    await once(starting.server, 'listening');
    const base = `http://127.0.0.1:${(starting.server.address() as AddressInfo).port}`;
    try {
      const health = await fetch(`${base}/health`, { headers: { 'x-request-id': 'probe-1' } });
      expect(health.status).toBe(200);
      expect(health.headers.get('x-request-id')).toBe('probe-1');
      expect(await health.json()).toMatchObject({ code: 200, data: { status: 'starting', database: 'pglite' } });
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ code: 503, data: { ready: false } });
      const api = await fetch(`${base}/api/user/info`, { method: 'POST' });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');

      starting.serverFactory((_request, response) => response.end('app'));
      starting.serve();
      expect(await (await fetch(`${base}/health`)).text()).toBe('app');
    } finally {
      starting.server.close();
      starting.server.closeAllConnections();
    }
  });
});

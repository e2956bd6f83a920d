import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // As main.ts builds it: on a server the app is handed (the lane sits in front of Fastify's handler), request lines off.
  app = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock, loggerInstance: pino({ level: 'warn' }, { write: () => undefined }), serverFactory: (handler) => createServer(handler) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const READS = ['/m_ft/stock_detail_ft?stockCode=AAPL', '/m_ft/hot_stock', '/m_ft/kline?stockCode=AAPL&type=1D', '/m_ft/summary_detail?stockCode=MSFT'];

async function get(path: string, headers: Record<string, string> = {}) {
  const before = app.answerFastLane.served;
  const answer = await fetch(base + path, { headers });
  const body = await answer.text();
  const byLane = app.answerFastLane.served > before;
  const named = Object.fromEntries([...answer.headers].filter(([name]) => name !== 'date' && name !== 'x-request-id'));
  return { status: answer.status, body, headers: named, id: answer.headers.get('x-request-id'), byLane };
}

const requestCount = async (route: string) => {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`tradewind_http_request_duration_seconds_count{method="GET",route="${route}",status_code="200"}`));
  return Number(line?.split(' ').at(-1) ?? 0);
};

describe('the answer fast lane', () => {
  it('answers a visitor asking again with the bytes and headers Fastify sent, and counts it in the metrics', async () => {
    for (const path of READS) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.byLane).toBe(false);
      const again = await get(path);
      expect(again.byLane).toBe(true);
      expect(again.status).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers).toEqual(first.headers);
      expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(again.headers['cache-control']).toBe('no-store');
    }
    const counted = await requestCount('/m_ft/stock_detail_ft');
    expect((await get(READS[0]!)).byLane).toBe(true);
    expect(await requestCount('/m_ft/stock_detail_ft')).toBe(counted + 1);
  });

  it('keeps the caller’s plain request id and gives a fresh one otherwise', async () => {
    await get(READS[1]!);
    const kept = await get(READS[1]!, { 'x-request-id': 'lb-7f3a.42:9' });
    expect(kept.byLane).toBe(true);
    expect(kept.id).toBe('lb-7f3a.42:9');
    const replaced = await get(READS[1]!, { 'x-request-id': 'a b' });
    expect(replaced.byLane).toBe(true);
    expect(replaced.id).toMatch(/^[A-Za-z0-9_-]{12}-[0-9a-z]+$/);
  });

  it('leaves to Fastify a caller with a token or an Origin, other methods and URLs never answered', async () => {
    await get(READS[0]!);
    expect((await get(READS[0]!, { authorization: 'Bearer not-a-session' })).byLane).toBe(false);
    const sandboxed = await get(READS[0]!, { origin: 'null' });
    expect(sandboxed.byLane).toBe(false);
    expect(sandboxed.headers['access-control-allow-origin']).toBe('null');
    expect((await get('/m_ft/stock_detail_ft?stockCode=AAPL&market=NASDAQ')).byLane).toBe(false);
    const before = app.answerFastLane.served;
    const head = await fetch(base + READS[0]!, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(app.answerFastLane.served).toBe(before);
  });

  it('stops answering once the bytes are no longer current: Fastify builds them again', async () => {
    await get(READS[2]!);
    expect((await get(READS[2]!)).byLane).toBe(true);
    ctx.clock.advance(1_000);
    expect((await get(READS[2]!)).byLane).toBe(false);
    expect((await get(READS[2]!)).byLane).toBe(true);
  });

  it('is closed while request lines are logged, so each request is logged by Fastify', async () => {
    const logged = await buildApp({ config: ctx.config, database: ctx.database, clock: ctx.clock, loggerInstance: pino({ level: 'info' }, { write: () => undefined }), serverFactory: (handler) => createServer(handler) });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}${READS[0]!}`;
      for (let i = 0; i < 3; i++) expect((await fetch(url)).status).toBe(200);
      expect(logged.answerFastLane.served).toBe(0);
    } finally {
      await logged.close();
    }
  });
});

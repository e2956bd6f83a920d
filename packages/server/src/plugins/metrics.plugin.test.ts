import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { approveTrading, call, createTestContext, fund, registerUser, tick, type TestContext } from '../../test/test-app.js';
import { isLoopback } from './metrics.plugin.js';

let ctx: TestContext;
const TOKEN = 'scrape-token-0123456789';
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** One sample's value from a Prometheus text page, by metric name and exact label set. */
function sample(page: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of page.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length) return Number(match[3]);
  }
  return undefined;
}

const scrape = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};

describe('GET /metrics', () => {
  it('reports request latency by route pattern, orders and fills, leadership, the pool, websockets and the event loop', async () => {
    const session = await registerUser(ctx.app);
    await approveTrading(ctx.app, session.user.id);
    await fund(ctx.app, session.user.id, 100_000_00, 'STOCK');
    tick(ctx, 0, 'MSFT', 400);
    const bought = await call<{ status: number }>(ctx.app, 'POST', '/stock/create', { token: session.token, body: { stockCode: 'MSFT', direction: 0, orderType: 0, quantity: 2 } });
    expect(bought.data.status).toBe(1);
    await call(ctx.app, 'POST', '/stock/create', { token: session.token, body: { stockCode: 'MSFT', direction: 0, orderType: 1, price: 1, quantity: 1 } });
    await ctx.app.inject({ method: 'GET', url: '/logo/0/AAPL.svg' });
    await ctx.app.inject({ method: 'GET', url: '/logo/0/MSFT.svg' });
    await ctx.app.inject({ method: 'GET', url: '/definitely/not/here' });

    // A websocket client on a real port: one connection, one message each way at least.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await once(socket, 'open');
    const pong = once(socket, 'message');
    socket.send(JSON.stringify({ type: 'ping' }));
    await pong;

    const page = await scrape();
    // Routes by their pattern: two logos are one series, never a label per URL.
    expect(sample(page, 'tradewind_http_request_duration_seconds_count', { method: 'GET', route: '/logo/:source/:file', status_code: '200' })).toBe(2);
    expect(page).not.toContain('AAPL.svg');
    expect(sample(page, 'tradewind_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(page, 'tradewind_http_request_duration_seconds_count', { method: 'POST', route: '/stock/create', status_code: '200' })).toBe(2);
    expect(sample(page, 'tradewind_orders', { status: 'filled' })).toBe(1);
    expect(sample(page, 'tradewind_orders', { status: 'in_progress' })).toBe(1);
    expect(sample(page, 'tradewind_fills')).toBe(1);
    expect(sample(page, 'tradewind_leader')).toBe(1);
    expect(sample(page, 'tradewind_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'tradewind_ws_connections')).toBe(1);
    expect(sample(page, 'tradewind_ws_messages_total', { direction: 'in' })).toBe(1);
    expect(sample(page, 'tradewind_ws_messages_total', { direction: 'out' })).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(page, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    socket.close();
    await once(socket, 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sample(await scrape(), 'tradewind_ws_connections')).toBe(0);
  });

  it('is closed to other addresses unless they bring METRICS_TOKEN', async () => {
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('tradewind_');
    // A proxy on the same host connects from loopback: what it relays is not a local scraper.
    const relayed = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(relayed.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { forwarded: 'for=198.51.100.4' } })).statusCode).toBe(403);

    const tokenCtx = await createTestContext({ METRICS_TOKEN: TOKEN });
    try {
      const local = await tokenCtx.app.inject({ method: 'GET', url: '/metrics' });
      expect(local.statusCode).toBe(403);
      const wrong = await tokenCtx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.statusCode).toBe(403);
      const right = await tokenCtx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('tradewind_leader 1');
    } finally {
      await tokenCtx.close();
    }
  });

  it('counts loopback in each spelling and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '::2', '203.0.113.9']) expect(isLoopback(ip), ip).toBe(false);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Balancer, type Backend } from './balancer.js';

const quiet = { info: () => undefined, warn: () => undefined };
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

/** A stand-in server process: /ready as told, anything else answers which process it is and what it was sent. */
async function fakeProcess(name: string, state: { ready: boolean }) {
  const server = http.createServer((request, response) => {
    if (request.url === '/ready') {
      response.writeHead(state.ready ? 200 : 503).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => response.end(JSON.stringify({ name, forwardedFor: request.headers['x-forwarded-for'], body })));
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (data: Buffer) => socket.send(`${name}: ${data.toString()}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { port: (server.address() as AddressInfo).port, server };
}

async function balancerFor(backends: Backend[]) {
  const balancer = new Balancer(backends, 60_000, quiet);
  await balancer.listen(0, '127.0.0.1');
  closers.push(() => balancer.close());
  return { balancer, url: `http://127.0.0.1:${(balancer.server.address() as AddressInfo).port}` };
}

const get = async (url: string, init?: RequestInit) => (await fetch(url, init)).json() as Promise<{ name: string; forwardedFor: string; body: string }>;

describe('the cluster balancer', () => {
  it('takes turns among the ready processes and skips one that is not ready', async () => {
    const a = await fakeProcess('a', { ready: true });
    const b = await fakeProcess('b', { ready: true });
    const c = await fakeProcess('c', { ready: false });
    const { url } = await balancerFor([a, b, c].map((p) => ({ port: p.port, ready: false })));
    const names = [];
    for (let i = 0; i < 6; i += 1) names.push((await get(`${url}/anything`)).name);
    expect(names.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  });

  it('answers 503 when no process is ready, and sends to one as soon as a check finds it ready', async () => {
    const state = { ready: false };
    const a = await fakeProcess('a', state);
    const { url, balancer } = await balancerFor([{ port: a.port, ready: false }]);
    const refused = await fetch(`${url}/x`);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/no server process is ready/);
    state.ready = true;
    await balancer.checkAll();
    expect((await get(`${url}/x`)).name).toBe('a');
  });

  it('passes the client address in X-Forwarded-For and ignores one the client made up', async () => {
    const a = await fakeProcess('a', { ready: true });
    const { url } = await balancerFor([{ port: a.port, ready: false }]);
    const answer = await get(`${url}/x`, { headers: { 'x-forwarded-for': '6.6.6.6' } });
    expect(answer.forwardedFor).toBe('127.0.0.1');
  });

  it('carries request bodies and websocket upgrades to the process', async () => {
    const a = await fakeProcess('a', { ready: true });
    const { url } = await balancerFor([{ port: a.port, ready: false }]);
    expect((await get(`${url}/orders`, { method: 'POST', body: '{"q":1}' })).body).toBe('{"q":1}');
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    await new Promise((resolve) => socket.once('open', resolve));
    const echoed = new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString())));
    socket.send('ping');
    expect(await echoed).toBe('a: ping');
    socket.close();
  });

  it('sends a GET again to another process when its process has gone, and answers a POST 502 rather than repeat it', async () => {
    const a = await fakeProcess('a', { ready: true });
    const b = await fakeProcess('b', { ready: true });
    const { url } = await balancerFor([a, b].map((p) => ({ port: p.port, ready: false })));
    b.server.closeAllConnections();
    await new Promise((resolve) => b.server.close(resolve));
    // Until the next check the balancer still thinks b is ready; a GET must not fail because of it.
    for (let i = 0; i < 4; i += 1) expect((await get(`${url}/x`)).name).toBe('a');
    const a2 = await fakeProcess('a2', { ready: true });
    const { url: second, balancer } = await balancerFor([{ port: b.port, ready: false }, { port: a2.port, ready: false }]);
    balancer.backends[0]!.ready = true; // b's death not yet seen by a check
    const posts = await Promise.all([1, 2].map(() => fetch(`${second}/orders`, { method: 'POST', body: 'x' })));
    expect(posts.map((p) => p.status).sort()).toEqual([200, 502]);
  });
});

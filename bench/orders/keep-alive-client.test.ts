import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAliveClient } from './keep-alive-client.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  server = createServer(handler);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('KeepAliveClient', () => {
  it('sends the headers and body and reads status and body, reusing one connection', async () => {
    const seen: Array<{ url: string; auth: string | undefined; key: string | undefined; body: string; socket: unknown }> = [];
    const port = await listen((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ url: request.url!, auth: request.headers.authorization, key: request.headers['idempotency-key'] as string, body, socket: request.socket });
        const answer = JSON.stringify({ n: seen.length, echo: body, text: 'ünïcode' });
        response.writeHead(seen.length === 1 ? 200 : 400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      });
    });
    const client = new KeepAliveClient(port);
    const first = await client.post('/stock/create', { authorization: 'T1', 'idempotency-key': 'k-1' }, '{"quantity":1}');
    const second = await client.post('/x', { authorization: 'T2', 'idempotency-key': 'k-2' }, '{"é":2}');
    client.close();
    expect(first).toEqual({ status: 200, text: JSON.stringify({ n: 1, echo: '{"quantity":1}', text: 'ünïcode' }) });
    expect(second.status).toBe(400);
    expect(JSON.parse(second.text)).toMatchObject({ n: 2, echo: '{"é":2}' });
    expect(seen.map(({ url, auth, key }) => [url, auth, key])).toEqual([
      ['/stock/create', 'T1', 'k-1'],
      ['/x', 'T2', 'k-2'],
    ]);
    expect(seen[0]!.socket).toBe(seen[1]!.socket);
  });

  it('reads an answer that arrives in pieces', async () => {
    const port = await listen((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-length': '10' });
        response.write('01234');
        setTimeout(() => response.end('56789'), 20);
      });
    });
    const client = new KeepAliveClient(port);
    expect(await client.post('/', {}, '')).toEqual({ status: 200, text: '0123456789' });
    client.close();
  });

  it('opens a new connection after the server closes one', async () => {
    let answered = 0;
    const port = await listen((request, response) => {
      request.resume();
      request.on('end', () => {
        answered += 1;
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': 7, connection: 'close' });
        response.end(`{"n":${answered}}`);
      });
    });
    const client = new KeepAliveClient(port);
    expect((await client.post('/', {}, '{}')).text).toBe('{"n":1}');
    expect((await client.post('/', {}, '{}')).text).toBe('{"n":2}');
    client.close();
  });

  it('refuses an answer without a Content-Length and a second request in flight', async () => {
    const port = await listen((request, response) => {
      request.resume();
      request.on('end', () => {
        response.write('chunked');
        setTimeout(() => response.end(), 50);
      });
    });
    const client = new KeepAliveClient(port);
    const first = client.post('/', {}, '{}');
    await expect(client.post('/', {}, '{}')).rejects.toThrow('one request at a time');
    await expect(first).rejects.toThrow('without a status or a Content-Length');
    client.close();
  });

  it('fails the request in flight when the connection is refused', async () => {
    const port = await listen(() => undefined);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(new KeepAliveClient(port).post('/', {}, '{}')).rejects.toThrow(/ECONNREFUSED/);
  });
});

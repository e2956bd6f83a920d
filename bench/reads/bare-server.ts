/**
 * The yardstick: a bare node:http server answering every request with the same bytes and content type
 * the Tradewind server gave (started with `fork` by read-throughput.ts, which sends them over IPC).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Answer {
  body: string;
  contentType: string;
  port: number;
}

if (!process.send) throw new Error('bare-server must be started with fork() (it receives its answer over IPC)');

let current: { body: Buffer; contentType: string } = { body: Buffer.alloc(0), contentType: 'text/plain' };
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': current.contentType, 'content-length': current.body.length });
  response.end(current.body);
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: Answer) => {
  current = { body: Buffer.from(message.body, 'base64'), contentType: message.contentType };
  if (server.listening) return process.send?.({ port: (server.address() as AddressInfo).port });
  server.listen(message.port, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
});
process.on('disconnect', () => {
  server.close();
  server.closeAllConnections();
});

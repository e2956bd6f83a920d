import type { AddressInfo } from 'node:net';
import { symbolKey, type QuoteTick, type WsSymbol } from '@tradewind/contract';
import { WebSocketServer, type WebSocket } from 'ws';

export interface Baseline {
  url: string;
  publish(tick: QuoteTick): void;
  close(): Promise<void>;
}

/**
 * The floor to compare with: a bare `ws` server with a Map<symbol, Set<socket>>, no Fastify, no
 * schema validation, no feed, no database. Each tick is serialised once and written to its
 * subscribers with the same backlog check as the real hub, so the difference is everything else.
 */
export async function startBaseline(maxBufferedBytes: number): Promise<Baseline> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const bySymbol = new Map<string, Set<WebSocket>>();
  const bySocket = new Map<WebSocket, string[]>();
  const remove = (socket: WebSocket) => {
    for (const key of bySocket.get(socket) ?? []) bySymbol.get(key)?.delete(socket);
    bySocket.delete(socket);
  };

  server.on('connection', (socket) => {
    bySocket.set(socket, []);
    socket.send(JSON.stringify({ type: 'hello', serverTime: Date.now(), heartbeatSeconds: 25 }));
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type?: string; symbols?: WsSymbol[] };
      if (message.type !== 'subscribe' || !Array.isArray(message.symbols)) return;
      const mine = bySocket.get(socket) ?? [];
      for (const symbol of message.symbols) {
        const key = symbolKey(symbol);
        mine.push(key);
        const sockets = bySymbol.get(key) ?? new Set<WebSocket>();
        sockets.add(socket);
        bySymbol.set(key, sockets);
      }
      socket.send(JSON.stringify({ type: 'subscribed', symbols: message.symbols, rejected: [], total: mine.length }));
    });
    socket.on('close', () => remove(socket));
  });

  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`,
    publish(tick) {
      const sockets = bySymbol.get(symbolKey(tick));
      if (!sockets || sockets.size === 0) return;
      const payload = JSON.stringify({ type: 'quote', tick });
      for (const socket of sockets) {
        if (socket.readyState !== socket.OPEN) continue;
        if (socket.bufferedAmount > maxBufferedBytes) {
          remove(socket);
          socket.terminate();
          continue;
        }
        socket.send(payload);
      }
    },
    close() {
      for (const socket of server.clients) socket.terminate();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

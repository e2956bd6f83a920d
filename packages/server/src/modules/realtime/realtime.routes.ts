import websocket from '@fastify/websocket';
import { WS_MAX_MESSAGE_BYTES, wsClientMessage, type WsServerMessage } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** Only payloads declared in the contract's event map can be sent. */
export function sendWs(socket: WebSocket, message: WsServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** `/ws`: for now a heartbeat; quotes and private channels arrive with the market and ledger work. */
export async function realtimeRoutes(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: WS_MAX_MESSAGE_BYTES } });
  const sockets = new Set<WebSocket>();
  const heartbeatMs = app.config.WS_HEARTBEAT_SECONDS * 1000;

  const timer = setInterval(() => {
    for (const socket of sockets) sendWs(socket, { type: 'heartbeat', serverTime: Date.now() });
  }, heartbeatMs);
  timer.unref();

  app.addHook('preClose', (done) => {
    clearInterval(timer);
    for (const socket of sockets) socket.close(1001, 'server shutting down');
    done();
  });

  app.get('/ws', { websocket: true, config: { auth: 'public' }, schema: { hide: true } }, (socket) => {
    sockets.add(socket);
    sendWs(socket, { type: 'hello', serverTime: Date.now(), heartbeatSeconds: app.config.WS_HEARTBEAT_SECONDS });
    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        sendWs(socket, { type: 'error', msg: 'message is not valid JSON' });
        return;
      }
      const message = wsClientMessage.safeParse(parsed);
      if (!message.success) {
        const issue = message.error.issues[0];
        sendWs(socket, { type: 'error', msg: `invalid message: ${issue?.path.join('.') || 'type'} ${issue?.message ?? ''}`.trim() });
        return;
      }
      switch (message.data.type) {
        case 'ping':
          sendWs(socket, { type: 'pong', serverTime: Date.now(), ...(message.data.ts !== undefined && { ts: message.data.ts }) });
          break;
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
}

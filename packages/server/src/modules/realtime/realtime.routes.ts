import websocket from '@fastify/websocket';
import { WS_MAX_MESSAGE_BYTES, WS_MAX_SUBSCRIPTIONS, wsClientMessage, type WsClientMessage } from '@tradewind/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { MemoryRateLimitStore, RateLimiter } from '../../lib/rate-limiter.js';
import { findSessionByToken } from '../sessions/index.js';
import { hashVisitorToken } from '../chat/index.js';
import { QuoteHub, sendWs } from './quote-hub.js';
import { startSessionSweep } from './session-sweep.js';

function describeInvalid(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0];
  return `invalid message: ${issue?.path.map(String).join('.') || 'type'} ${issue?.message ?? ''}`.trim();
}

/** `/ws`: heartbeats, and quote ticks for the symbols each client subscribed to. */
export async function realtimeRoutes(app: FastifyInstance) {
  await registerWebsocket(app);
  const hub = new QuoteHub(app.config.WS_MAX_BUFFERED_BYTES, WS_MAX_SUBSCRIPTIONS);
  const sockets = new Set<WebSocket>();
  const stopQuotes = app.market.bus.subscribe((tick) => hub.publish(tick));
  const messageRule = { name: 'ws-messages', limit: app.config.WS_MESSAGES_PER_MINUTE, windowMs: 60_000 };
  // A socket lives on one process, so its message count stays here rather than going to Redis.
  const socketLimiter = new RateLimiter(new MemoryRateLimitStore(), () => app.clock.now().getTime());
  let socketSeq = 0;

  const timer = setInterval(() => {
    for (const socket of sockets) sendWs(socket, { type: 'heartbeat', serverTime: Date.now() });
  }, app.config.WS_HEARTBEAT_SECONDS * 1000);
  timer.unref();
  const stopSessionSweep = startSessionSweep(app);

  app.addHook('preClose', (done) => {
    clearInterval(timer);
    stopSessionSweep();
    stopQuotes();
    for (const socket of sockets) socket.close(1001, 'server shutting down');
    done();
  });

  app.get('/ws', { websocket: true, config: { auth: 'public' }, schema: { hide: true } }, (socket) => {
    sockets.add(socket);
    hub.add(socket);
    sendWs(socket, { type: 'hello', serverTime: Date.now(), heartbeatSeconds: app.config.WS_HEARTBEAT_SECONDS });
    // Oversized frames never get here: ws closes them with 1009 (maxPayload in registerWebsocket).
    const socketKey = String((socketSeq += 1));
    socket.on('message', (raw: Buffer) => {
      void socketLimiter.consume(messageRule, socketKey).then((wait) => {
        if (wait === 0) onMessage(app, hub, socket, raw);
        else if (socket.readyState === socket.OPEN) {
          // A flooding client is cut off rather than slowed, so it cannot queue work on the server.
          sendWs(socket, { type: 'error', msg: `too many messages: at most ${messageRule.limit} a minute` });
          socket.close(1008, 'too many messages');
        }
      });
    });
    socket.on('close', () => {
      void socketLimiter.forget(messageRule, socketKey);
      sockets.delete(socket);
      hub.remove(socket);
      app.userChannels.leave(socket);
    });
  });
}

async function registerWebsocket(app: FastifyInstance) {
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_MESSAGE_BYTES },
    // The plugin's own pre-close hook runs before ours and would close every socket without a code
    // (the client sees 1005); closing with 1001 tells the app to reconnect to another process. Upgrades
    // that arrive while draining are refused (503) by the closed websocket server.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
      this.websocketServer.close();
      done();
    },
  });
}

function onMessage(app: FastifyInstance, hub: QuoteHub, socket: WebSocket, raw: Buffer) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    sendWs(socket, { type: 'error', msg: 'message is not valid JSON' });
    return;
  }
  const message = wsClientMessage.safeParse(parsed);
  if (message.success) handle(app, hub, socket, message.data);
  else sendWs(socket, { type: 'error', msg: describeInvalid(message.error.issues) });
}

function handle(app: FastifyInstance, hub: QuoteHub, socket: WebSocket, message: WsClientMessage) {
  switch (message.type) {
    case 'ping':
      sendWs(socket, { type: 'pong', serverTime: Date.now(), ...(message.ts !== undefined && { ts: message.ts }) });
      break;
    case 'subscribe': {
      // Known symbols are subscribed; unknown ones are named, without failing the rest.
      const known = message.symbols.filter((s) => app.market.deps.catalog.get(s.source, s.code));
      const rejected = message.symbols.filter((s) => !app.market.deps.catalog.get(s.source, s.code));
      if (rejected.length > 0) {
        sendWs(socket, { type: 'error', msg: `unknown symbol ${rejected.map((s) => `${s.code} (source ${s.source})`).join(', ')}` });
      }
      const total = hub.subscribe(socket, known);
      if (total === null) sendWs(socket, { type: 'error', msg: `at most ${WS_MAX_SUBSCRIPTIONS} symbols per connection` });
      else sendWs(socket, { type: 'subscribed', symbols: known, rejected, total });
      break;
    }
    case 'unsubscribe':
      sendWs(socket, { type: 'unsubscribed', symbols: message.symbols, total: hub.unsubscribe(socket, message.symbols) });
      break;
    case 'auth':
      void joinPrivateChannel(app, socket, message.token);
      break;
    case 'visitor':
      // Whoever holds the token owns the visitor conversation; the channel is keyed by its hash.
      app.userChannels.joinVisitor(hashVisitorToken(message.visitorToken), socket);
      sendWs(socket, { type: 'visitorJoined', serverTime: Date.now() });
      break;
  }
}

async function joinPrivateChannel(app: FastifyInstance, socket: WebSocket, token: string) {
  try {
    const session = await findSessionByToken(app.database.db, token, app.clock.now());
    if (!session) {
      sendWs(socket, { type: 'error', msg: 'Login Expired' });
      return;
    }
    // The socket may have closed while the session was looked up.
    if (socket.readyState !== socket.OPEN) return;
    app.userChannels.join(session.user.id, socket, { id: session.sessionId, expiresAt: session.sessionExpiresAt });
    if (!app.userChannels.isJoined(socket)) return;
    if (session.user.role === 'admin') app.userChannels.joinAgents(socket);
    sendWs(socket, { type: 'authenticated', userId: session.user.id });
  } catch (error) {
    app.log.error({ err: error }, 'ws: authenticating a socket failed');
    sendWs(socket, { type: 'error', msg: 'authentication failed, try again' });
  }
}

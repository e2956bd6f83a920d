import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { requestIdFor, REQUEST_ID_HEADER } from './request-id.js';

/**
 * The HTTP server opens its port before the database, the migrations and the market history are ready,
 * so an orchestrator sees a live process at once: `/health` answers 200 `starting`, `/ready` and every
 * other path 503 with Retry-After. Once the app is built, `serve` hands every request to Fastify.
 */
export interface StartingServer {
  server: Server;
  /** Fastify's `serverFactory`: it gets this same server and gives its request handler. */
  serverFactory: (handler: RequestListener) => Server;
  /** From now on Fastify answers (call once the app is ready). */
  serve(): void;
}

export function createStartingServer(database: 'pglite' | 'postgres'): StartingServer {
  let app: RequestListener | undefined;
  let pending: RequestListener | undefined;
  const starting = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const uptimeSeconds = Math.round(process.uptime());
    response.setHeader(REQUEST_ID_HEADER, requestIdFor(request));
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    if (path === '/health') {
      response.end(JSON.stringify({ code: 200, msg: 'starting', data: { status: 'starting', database, role: 'follower', uptimeSeconds } }));
      return;
    }
    response.statusCode = 503;
    response.setHeader('retry-after', '5');
    const data = path === '/ready' ? { ready: false, role: 'follower' } : null;
    response.end(JSON.stringify({ code: 503, msg: 'not ready: the server is starting', data }));
  };
  const server = createServer((request, response) => (app ?? starting)(request, response));
  return {
    server,
    serverFactory(handler) {
      pending = handler;
      return server;
    },
    serve() {
      if (!pending) throw new Error('the app was not built on this server');
      app = pending;
    },
  };
}

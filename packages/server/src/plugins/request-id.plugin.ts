import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a proxy or client sent is kept only when it is short and plain: it goes into every log line of
 * the request and back in a header, so it must not be able to forge log fields or split headers.
 */
const ACCEPTED = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when acceptable, otherwise a fresh UUID (unique across processes, unlike a counter). */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTED.test(value) ? value : randomUUID();
}

export function isProbeRequest(request: { url?: string | undefined }): boolean {
  const path = (request.url ?? '').split('?')[0];
  return path === '/health' || path === '/ready';
}

/**
 * Orchestrator and balancer probes come every few seconds from each of them: their two request lines are
 * logged at debug instead of info (a failed probe is still logged as an error). Fastify's `logController`.
 */
export class ProbeQuietLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (isProbeRequest(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && isProbeRequest(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else super.requestCompleted(error, request, reply);
  }
}

/** Every answer, errors and 404s included, says which id its log lines carry. */
export const requestIdPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);

import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../lib/request-id.js';

export { REQUEST_ID_HEADER, requestIdFor } from '../lib/request-id.js';

const isPath = (url: string, path: string) => url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 63); // '?'

export function isProbeRequest(request: { url?: string | undefined }): boolean {
  const url = request.url ?? '';
  return isPath(url, '/health') || isPath(url, '/ready');
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

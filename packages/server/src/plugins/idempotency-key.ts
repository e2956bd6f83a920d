import type { FastifyRequest } from 'fastify';

/**
 * The `Idempotency-Key` header of a route that declares `config.idempotencyKey` (so the API document
 * lists the header); reading it on a route that does not declare it is a programming error.
 */
export const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
  if (!request.routeOptions.config.idempotencyKey) {
    throw new Error(`${request.method} ${request.routeOptions.url ?? ''} reads Idempotency-Key without declaring config.idempotencyKey`);
  }
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
};

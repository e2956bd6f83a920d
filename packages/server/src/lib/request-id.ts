import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

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

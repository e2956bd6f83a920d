import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd-mobile sets style attributes at run time; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  // The document viewer (/pages/webview/index) frames https pages; which hosts it may frame is the
  // published allow-list (app_versions.webview_hosts), checked by the viewer before it builds the frame.
  "frame-src 'self' https:",
  // The installable app (issue 10): its service worker (/sw.js) and web app manifest, same origin only.
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers on every answer; API answers are never cached because many carry private data. */
export const securityHeadersPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      reply.header('cross-origin-opener-policy', 'same-origin');
      if (!request.url.startsWith('/docs')) reply.header('content-security-policy', APP_CSP);
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('application/json')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

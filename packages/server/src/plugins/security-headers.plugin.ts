import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The app's policy. `connect-src` is its own origin (which covers its own ws:/wss: in CSP 3) plus
 * CSP_CONNECT_SOURCES (an API or feed host the app is built to reach); `frame-src` is its own
 * origin plus the hosts of the published webview allow-list (app_versions.webview_hosts), which
 * the document viewer (/pages/webview/index) also checks before it builds the frame. `script-src` is
 * its own origin plus the hashes of index.html's inline scripts (the appearance and the route shells,
 * inlined by the web build so that the first paint waits for no other file; issue 23): never
 * 'unsafe-inline'.
 */
export function appCsp(connectSources: readonly string[], frameHosts: readonly string[], scriptHashes: readonly string[] = []): string {
  for (const hash of scriptHashes) {
    if (!/^'sha256-[A-Za-z0-9+/]{43}='$/.test(hash)) throw new Error(`not a CSP script hash: ${hash}`);
  }
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // antd-mobile sets style attributes at run time; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(' '),
    ["frame-src 'self'", ...frameHosts.map((host) => `https://${host}`)].join(' '),
    // The installable app (issue 10): its service worker (/sw.js) and web app manifest, same origin only.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of a JSON answer. A browser applies a policy only to a document, so it matters only if an answer is
 * opened as a page: then nothing may load, run, submit or frame it (OWASP's REST Security Cheat Sheet). It is a
 * third of the app's policy in bytes, and the lane's quote answers (issue 22) pay Node's per-byte header check
 * on it thousands of times a second.
 */
export const API_CSP = ["default-src 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'"].join('; ');

/**
 * The API reference (/docs, Swagger UI) runs in a sandbox without `allow-same-origin`: its origin
 * is opaque, so even a script injected into it cannot read the app's storage (the session token)
 * or call the API with the browser's credentials. Its files come from here; nothing else loads.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  // allow-forms: Swagger UI's "Authorize" dialog is a form whose submit event it handles itself; without it the
  // sandbox never fires the event. `form-action 'none'` above still stops any form from sending anything anywhere.
  'sandbox allow-scripts allow-popups allow-forms',
].join('; ');

/**
 * "Try it out" in /docs: the sandboxed reference has the opaque origin `null`, so its calls to the API are
 * cross-origin. They are let through for that origin only, and only with headers a caller sets by hand
 * (the bearer token pasted into "Authorize"): never `Access-Control-Allow-Credentials`, and never for a
 * request carrying cookies. Any page could already make these calls with a token it holds (curl can);
 * what CORS guards, the browser's own credentials, the API has none of (docs/security.md).
 */
export const DOCS_ORIGIN = 'null';
export const DOCS_CORS_ALLOW_HEADERS = 'authorization, content-type, languages, accept-language, idempotency-key, x-request-id';
export const DOCS_CORS_EXPOSE_HEADERS = 'x-request-id, retry-after';
const DOCS_CORS_MAX_AGE_SECONDS = 600;

/**
 * Not opened to `null`: any sandboxed frame or file:// page sends that origin, and /metrics trusts the
 * caller's address (loopback), not a token, so a page in an operator's browser must not read it.
 */
const isAddressTrusted = (url: string) => url === '/metrics' || url.startsWith('/metrics?');

/** How often each process reads the published webview allow-list again (a publish elsewhere shows within this). */
const FRAME_HOSTS_REFRESH_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads the published webview hosts again for `frame-src` (after a publish). */
    refreshFrameHosts(): Promise<void>;
    /**
     * The headers this plugin puts on a JSON API answer to a plain-http GET with no Origin (what the answer
     * fast lane sends; lib/answer-fast-lane.ts): always the same object.
     */
    apiAnswerHeaders(): Readonly<Record<string, string>>;
  }
}

export interface SecurityHeadersOptions {
  /** The published webview allow-list (app-config owns it; the composition passes the read in). */
  readWebviewHosts(): Promise<readonly string[]>;
  /** The CSP hashes of the web app's inline scripts (web-app.plugin.ts, webAppInlineScriptHashes); none by default. */
  inlineScriptHashes?: readonly string[];
}

/** Security headers on every answer; API answers are never cached because many carry private data. */
export const securityHeadersPlugin = fp(
  (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const connectSources = app.config.CSP_CONNECT_SOURCES;
    const hstsAge = app.config.HSTS_MAX_AGE_SECONDS;
    const hsts = `max-age=${hstsAge}; includeSubDomains`;
    const apiHeaders: Readonly<Record<string, string>> = Object.freeze({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'content-security-policy': API_CSP,
      ...(hstsAge > 0 && app.config.TRUST_PROXY && { 'strict-transport-security': hsts }),
      'cache-control': 'no-store',
    });
    const scriptHashes = options.inlineScriptHashes ?? [];
    let csp = appCsp(connectSources, [], scriptHashes);
    let loadedAt = 0;
    let loading: Promise<void> | undefined;
    const refresh = (): Promise<void> => {
      loading ??= options
        .readWebviewHosts()
        .then((hosts) => {
          csp = appCsp(connectSources, hosts, scriptHashes);
          loadedAt = Date.now();
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'security headers: reading the webview allow-list failed; keeping the last one'))
        .finally(() => (loading = undefined));
      return loading;
    };
    app.decorate('refreshFrameHosts', refresh);
    app.addHook('onReady', refresh);
    const refreshWhenOld = () => {
      if (Date.now() - loadedAt > FRAME_HOSTS_REFRESH_MS && loadedAt > 0) void refresh();
    };
    app.decorate('apiAnswerHeaders', () => apiHeaders);

    // The preflight of a "Try it out" call (a JSON body or an Authorization header): answered before routing.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'OPTIONS' || request.headers.origin !== DOCS_ORIGIN || !request.headers['access-control-request-method'] || request.headers.cookie || isAddressTrusted(request.url)) {
        done();
        return;
      }
      void reply
        .code(204)
        .header('access-control-allow-origin', DOCS_ORIGIN)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', DOCS_CORS_ALLOW_HEADERS)
        .header('access-control-max-age', String(DOCS_CORS_MAX_AGE_SECONDS))
        .header('vary', 'Origin')
        .send();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      refreshWhenOld();
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-frame-options', 'DENY');
      const docs = request.url === '/docs' || request.url.startsWith('/docs/') || request.url.startsWith('/docs?');
      const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      // A JSON answer opened as a page runs nothing (API_CSP), so it can open no window for this policy to cut off.
      if (!json) reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('content-security-policy', docs ? DOCS_CSP : json ? API_CSP : csp);
      // The sandboxed reference has an opaque origin: it may read the (public) description of the API.
      if (docs && request.url.startsWith('/docs/json')) reply.header('access-control-allow-origin', '*');
      else if (request.headers.origin === DOCS_ORIGIN && !request.headers.cookie && !isAddressTrusted(request.url)) {
        reply.header('access-control-allow-origin', DOCS_ORIGIN);
        reply.header('access-control-expose-headers', DOCS_CORS_EXPOSE_HEADERS);
        reply.header('vary', 'Origin');
      }
      // Behind a TLS-terminating proxy (TRUST_PROXY) or on https, browsers keep to https from then on.
      if (hstsAge > 0 && (app.config.TRUST_PROXY || request.protocol === 'https')) {
        reply.header('strict-transport-security', hsts);
      }
      if (json) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

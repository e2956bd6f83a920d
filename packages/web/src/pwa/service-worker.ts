import { CACHED_AT_HEADER, cacheStrategyFor, inlinedMarketAnswers } from './sw-policy';

/*
 * The app's service worker (built to /sw.js by the `service-worker` plugin in vite.config.ts, which
 * prepends the two constants below). It keeps the app shell so the app opens offline, and the last
 * public market answers so Home still shows quotes; it never stores anything private (sw-policy.ts).
 */

/** The shell of this build: index.html and the files Home needs to paint, relative to the scope. */
declare const TRADEWIND_PRECACHE: readonly string[];
/** Changes with every build whose shell differs; names the shell cache. */
declare const TRADEWIND_BUILD: string;

// The DOM library has no service-worker types and the webworker one clashes with it in one program.
interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwScope {
  readonly registration: { readonly scope: string };
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
}

const sw = self as unknown as SwScope;
const SHELL_CACHE = `tradewind-shell-${TRADEWIND_BUILD}`;
const MARKET_CACHE = 'tradewind-market';
const scope = sw.registration.scope;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(TRADEWIND_PRECACHE.map((path) => new URL(path, scope).href)))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('tradewind-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = cacheStrategyFor(
    { method: request.method, url: request.url, mode: request.mode, hasAuthorization: request.headers.has('authorization') },
    scope,
  );
  if (strategy === 'navigation') event.respondWith(navigation(request));
  else if (strategy === 'asset') event.respondWith(asset(request));
  else if (strategy === 'public-market') event.respondWith(publicMarket(request));
});

/** Network first, so a deploy shows at once; the cached shell when the network is gone. */
async function navigation(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) void keepInlinedAnswers(response.clone());
    return response;
  } catch (error) {
    const shell = await caches.match(new URL('./', scope).href, { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/**
 * index.html carries Home's first public market answers (issue 23), so the app does not ask for them
 * and publicMarket below never sees them: kept here as if fetched, for the quotes shown offline.
 */
async function keepInlinedAnswers(response: Response): Promise<void> {
  const answers = inlinedMarketAnswers(await response.text(), scope);
  if (answers.length === 0) return;
  const cache = await caches.open(MARKET_CACHE);
  await Promise.all(
    answers.map(({ url, body, at }) =>
      cache.put(url, new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8', [CACHED_AT_HEADER]: new Date(at).toISOString() } })),
    ),
  );
}

/** Network first; the stored copy carries the time it was fetched, which marks it stale offline. */
async function publicMarket(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(CACHED_AT_HEADER, new Date().toISOString());
      const copy = new Response(await response.clone().arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
      void caches.open(MARKET_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: MARKET_CACHE });
    if (cached) return cached;
    throw error;
  }
}

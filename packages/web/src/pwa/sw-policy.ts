/**
 * What the service worker may keep (issue 10). Pure, so the rule that no private answer is ever
 * stored is unit-tested here rather than trusted to the worker's plumbing.
 */

/** Public market lists and quotes (SPEC §7 "Market data (GET)"): the last ones are shown offline. */
const PUBLIC_MARKET_PATHS: readonly RegExp[] = [
  /^\/m_ft\/(topList|stock_list|futures_list|futures_opt_list|all_stock_list|hot_stock|home_custom_list|popular|global_index|stock_detail_ft|summary_detail|detail_quote|kline)$/,
  /^\/tg_st\/all_stock_list$/,
  /^\/quotes\/getStock$/,
];

export type CacheStrategy =
  /** A page load: network first, the cached app shell when offline. */
  | 'navigation'
  /** A hashed build file: its content never changes, so the cached copy is always right. */
  | 'asset'
  /** A public market answer: network first, the last stored copy (marked stale) when offline. */
  | 'public-market'
  /** Everything else goes to the network and is never stored. */
  | 'network-only';

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  /** Whether the request carries an Authorization header (a signed-in caller). */
  hasAuthorization: boolean;
}

/** The header on a market answer served from the cache: when it was fetched, so the app can say so. */
export const CACHED_AT_HEADER = 'x-tradewind-cached-at';

/**
 * Chooses how a request is handled. Only an allow-list of public market paths is ever cached, and
 * never with an Authorization header: a signed-in caller's answer can carry their watchlist.
 */
export function cacheStrategyFor(request: RequestFacts, scope: string): CacheStrategy {
  if (request.method !== 'GET') return 'network-only';
  const url = new URL(request.url);
  const base = new URL(scope);
  if (url.origin !== base.origin) return 'network-only';
  if (request.mode === 'navigate') return 'navigation';
  if (request.hasAuthorization) return 'network-only';
  if (!url.pathname.startsWith(base.pathname)) return 'network-only';
  const path = `/${url.pathname.slice(base.pathname.length)}`;
  if (path.startsWith('/assets/')) return 'asset';
  if (PUBLIC_MARKET_PATHS.some((pattern) => pattern.test(path))) return 'public-market';
  return 'network-only';
}

/** An answer index.html carries inline (issue 23) that the worker keeps as if it had been fetched. */
export interface InlinedAnswer {
  /** Absolute URL of the call, as the app makes it. */
  url: string;
  /** The `{code, msg, data}` answer's text. */
  body: string;
  /** When the server took it (ms). */
  at: number;
}

/**
 * The public market answers inlined into a page's HTML (the server's `tw-first-data` block): Home's
 * first calls are then never made, so without these the worker would have no quotes to show offline.
 * Only what `cacheStrategyFor` allows for a caller without a session is returned.
 */
export function inlinedMarketAnswers(html: string, scope: string): InlinedAnswer[] {
  const block = /<script type="application\/json" id="tw-first-data">([^<]*)<\/script>/.exec(html);
  if (!block?.[1]) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(block[1]);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const { at, answers } = parsed as { at?: unknown; answers?: unknown };
  if (typeof at !== 'number' || typeof answers !== 'object' || answers === null) return [];
  return Object.entries(answers as Record<string, unknown>).flatMap(([path, data]) => {
    const url = new URL(path, scope).href;
    const strategy = cacheStrategyFor({ method: 'GET', url, mode: 'cors', hasAuthorization: false }, scope);
    return strategy === 'public-market' ? [{ url, body: JSON.stringify({ code: 200, msg: 'success', data }), at }] : [];
  });
}

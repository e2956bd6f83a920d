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

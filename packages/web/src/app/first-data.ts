import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { dataSourceQueryKey } from '../api/market/get-data-source';
import { quotesQueryKey } from '../api/market/query-keys';
import { getToken } from '../lib/session/session-store';

/*
 * The first data inlined by the server into index.html (issue 23; packages/server/src/plugins/
 * web-app.plugin.ts): public answers Home and Market fetch first, so their largest element needs
 * no API call after the HTML. The keys here are the query keys of those calls, spelled out rather
 * than imported so the entry does not carry the market features' modules (first-data.test.ts checks
 * that they equal the features' own query options).
 */

/** The id of the `<script type="application/json">` block the server writes. */
export const FIRST_DATA_ELEMENT_ID = 'tw-first-data';

/** Older data (a shell the service worker kept while offline) is not shown as if it were fresh. */
export const FIRST_DATA_MAX_AGE_MS = 5 * 60_000;

/** The first page of the Market tab's default list (US, NASDAQ). */
export const MARKET_FIRST_PAGE_PATH = '/m_ft/stock_list?market=NASDAQ&pageNum=1&pageSize=30';

type Seed = (data: unknown) => { queryKey: QueryKey; data: unknown } | null;

const seeds: Record<string, Seed> = {
  '/m_ft/global_index': (data) => (Array.isArray(data) ? { queryKey: [...quotesQueryKey, 'global-index'], data } : null),
  '/m_ft/hot_stock': (data) => (Array.isArray(data) ? { queryKey: [...quotesQueryKey, 'hot-stock'], data } : null),
  // A visitor's list: the signed-in one is their watchlist, never inlined.
  '/m_ft/home_custom_list': (data) => (Array.isArray(data) ? { queryKey: [...quotesQueryKey, 'home-custom-list', false], data } : null),
  // Where the prices come from: Home's line about it is the largest text of its first screen.
  '/market/dataSource': (data) => (typeof data === 'object' && data !== null && !Array.isArray(data) ? { queryKey: dataSourceQueryKey, data } : null),
  [MARKET_FIRST_PAGE_PATH]: (data) =>
    typeof data === 'object' && data !== null && Array.isArray((data as { list?: unknown }).list)
      ? { queryKey: [...quotesQueryKey, 'stock-list', 'NASDAQ'], data: { pages: [data], pageParams: [1] } }
      : null,
};

export interface FirstData {
  at: number;
  answers: Record<string, unknown>;
}

function readFirstData(doc: Document): FirstData | null {
  const element = doc.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { at, answers } = parsed as Record<string, unknown>;
    if (typeof at !== 'number' || typeof answers !== 'object' || answers === null) return null;
    return { at, answers: answers as Record<string, unknown> };
  } catch {
    // A damaged block only costs the calls it would have saved.
    return null;
  }
}

/**
 * Whether index.html carries answers fresh enough to seed from. The server's Home was rendered with
 * them; without them (an old offline shell) the app's first render would not match it.
 */
export function hasFreshFirstData(doc: Document = document, now = Date.now()): boolean {
  const first = readFirstData(doc);
  return first !== null && now - first.at <= FIRST_DATA_MAX_AGE_MS;
}

/** Puts the answers into the query cache as fetched at `at` (the server render seeds the same way). */
export function seedAnswers(client: QueryClient, first: FirstData, now = Date.now()): number {
  let seeded = 0;
  for (const [path, data] of Object.entries(first.answers)) {
    const seed = seeds[path]?.(data);
    if (!seed) continue;
    client.setQueryData(seed.queryKey, seed.data, { updatedAt: Math.min(first.at, now) });
    seeded += 1;
  }
  return seeded;
}

/**
 * Seeds the query cache from the inlined block, so a query's first render has its data (the same
 * as the server-rendered Home's) and the usual staleness rules refetch it later. Only for a
 * visitor: a signed-in caller's quote items carry their own watchlist marks, which the public HTML
 * has not. Returns how many answers were seeded.
 */
export function seedFirstData(client: QueryClient, doc: Document = document, now = Date.now()): number {
  if (getToken() !== null) return 0;
  const first = readFirstData(doc);
  if (!first || now - first.at > FIRST_DATA_MAX_AGE_MS) return 0;
  return seedAnswers(client, first, now);
}

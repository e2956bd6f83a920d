import { AssetSource, type QuoteItem, tradableSources } from '@tradewind/contract';
import { useMemo } from 'react';
import { apiBase } from '../client';
import { paths } from '../../lib/paths';

/** What identifies an instrument across pages: SPEC §2 passes name, code, source and market in the query. */
export interface InstrumentRef {
  name: string;
  code: string;
  source: number;
  market?: string;
}

export function instrumentOf(item: Pick<QuoteItem, 'name' | 'stock_code' | 'source' | 'market'>): InstrumentRef {
  return { name: item.name, code: item.stock_code, source: item.source, market: item.market };
}

export type QuoteKind = 'stock' | 'globalindex' | 'future' | 'forex';

/** SPEC §2: 99 global index, 3 futures, 2 forex; every other source opens the stock page. */
export function quoteKindOf(source: number): QuoteKind {
  switch (source) {
    case AssetSource.GlobalIndex:
      return 'globalindex';
    case AssetSource.Future:
      return 'future';
    case AssetSource.Forex:
      return 'forex';
    default:
      return 'stock';
  }
}

const quotePaths: Record<QuoteKind, string> = {
  stock: paths.quoteStock,
  globalindex: paths.quoteGlobalIndex,
  future: paths.quoteFuture,
  forex: paths.quoteForex,
};

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return `${path}?${params.toString()}`;
}

/** The quote page of an instrument, with the SPEC §2 query `name, code, source, market`. */
export function quotePath(ref: InstrumentRef): string {
  return withQuery(quotePaths[quoteKindOf(ref.source)], {
    name: ref.name,
    code: ref.code,
    source: ref.source,
    market: ref.market,
  });
}

/** A quote row's or card's link: a tick changes the figures, not the link, so it is built once per instrument. */
export function useQuotePath({ name, stock_code, source, market }: Pick<QuoteItem, 'name' | 'stock_code' | 'source' | 'market'>): string {
  return useMemo(() => quotePath(instrumentOf({ name, stock_code, source, market })), [name, stock_code, source, market]);
}

/**
 * Instruments the house quotes for trading (contract `tradableSources`): stocks, Taiwan stocks,
 * futures, forex and global indices (traded as index contracts from the stock wallet).
 */
export function isTradable(source: number): boolean {
  return (tradableSources as readonly number[]).includes(source);
}

/** SPEC §2 order pages: 3 futures, 2 forex, others (stocks, Taiwan, indices) the stock page; query `name, code, source, direction`. */
export function orderPath(ref: InstrumentRef, direction: 0 | 1): string {
  const path =
    ref.source === AssetSource.Future ? paths.orderFuture : ref.source === AssetSource.Forex ? paths.orderForex : paths.orderStock;
  return withQuery(path, { name: ref.name, code: ref.code, source: ref.source, direction });
}

/** Reads the quote page query back; null when the code or source is missing or unreadable. */
export function instrumentFromSearch(search: URLSearchParams): InstrumentRef | null {
  const code = search.get('code')?.trim();
  const sourceText = search.get('source');
  const source = sourceText === null || sourceText === '' ? Number.NaN : Number(sourceText);
  if (!code || !Number.isInteger(source)) return null;
  const market = search.get('market')?.trim();
  return { code, source, name: search.get('name')?.trim() || code, ...(market ? { market } : {}) };
}

/** Logos are served by the API host; a relative path is resolved against it. */
export function logoUrl(path: string): string | undefined {
  if (!path) return undefined;
  if (/^(https?:)?\/\//.test(path)) return path;
  return `${apiBase()}${path.startsWith('/') ? '' : '/'}${path}`;
}

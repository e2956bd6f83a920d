import type { QuoteItem } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { quotesQueryKey } from './query-keys';

/* Shared by the Home list and the search page's trending list. */

export function getHotStocks(signal?: AbortSignal): Promise<QuoteItem[]> {
  return api.get('/m_ft/hot_stock', { schema: () => import('./quote-schemas').then((schemas) => schemas.quoteItemsSchema), signal });
}

export function getHotStocksQueryOptions() {
  return queryOptions({ queryKey: [...quotesQueryKey, 'hot-stock'], queryFn: ({ signal }) => getHotStocks(signal) });
}

export function useHotStocks() {
  return useQuery(getHotStocksQueryOptions());
}

import type { QuoteItem } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { quotesQueryKey } from './query-keys';

/* Shared by the Home strip and the Market tab's index list, so it lives beside the query keys. */

export function getGlobalIndex(signal?: AbortSignal): Promise<QuoteItem[]> {
  return api.get('/m_ft/global_index', { schema: () => import('./quote-schemas').then((schemas) => schemas.quoteItemsSchema), signal });
}

export function getGlobalIndexQueryOptions() {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'global-index'],
    queryFn: ({ signal }) => getGlobalIndex(signal),
  });
}

export function useGlobalIndex() {
  return useQuery(getGlobalIndexQueryOptions());
}

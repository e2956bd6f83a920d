import { type FuturesGroup, type QuoteItem, quoteItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** The futures of one group (SPEC §2: metals, energy, agricultural). */
export function getFuturesList(group: FuturesGroup, signal?: AbortSignal): Promise<QuoteItem[]> {
  return api.get('/m_ft/futures_list', { schema: z.array(quoteItemSchema), query: { group }, signal });
}

export function getFuturesListQueryOptions(group: FuturesGroup) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'futures-list', group],
    queryFn: ({ signal }) => getFuturesList(group, signal),
  });
}

export function useFuturesList(group: FuturesGroup) {
  return useQuery(getFuturesListQueryOptions(group));
}

import { type Popular, popularSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** `/m_ft/popular`: the most traded (orders of the last 7 days) and most watched instruments. */
export function getPopular(signal?: AbortSignal): Promise<Popular> {
  return api.get('/m_ft/popular', { schema: popularSchema, signal });
}

export function getPopularQueryOptions() {
  return queryOptions({ queryKey: [...quotesQueryKey, 'popular'], queryFn: ({ signal }) => getPopular(signal) });
}

export function usePopular() {
  return useQuery(getPopularQueryOptions());
}

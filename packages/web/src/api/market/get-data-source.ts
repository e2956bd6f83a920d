import type { MarketDataSource } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

/*
 * Where the prices come from (`GET /market/dataSource`, issue 18). Home shows it on the first visit,
 * so its schema is loaded beside the request, not bundled into the first paint.
 */

export const dataSourceQueryKey = ['market', 'data-source'] as const;

export function getDataSource(signal?: AbortSignal): Promise<MarketDataSource> {
  return api.get('/market/dataSource', { schema: () => import('./data-source-schema').then((m) => m.marketDataSourceSchema), signal });
}

export function getDataSourceQueryOptions() {
  // Fixed for the server's lifetime: one call per app start is enough.
  return queryOptions({ queryKey: dataSourceQueryKey, queryFn: ({ signal }) => getDataSource(signal), staleTime: Infinity, gcTime: Infinity });
}

export function useDataSource() {
  return useQuery(getDataSourceQueryOptions());
}

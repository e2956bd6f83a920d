import { type FuturesContract, futuresContractSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../client';
import { quotesQueryKey } from './query-keys';

/** The listed contract months of a futures root such as GC (`/m_ft/futures_opt_list`). */
export function getFuturesContracts(stockCode: string, signal?: AbortSignal): Promise<FuturesContract[]> {
  return api.get('/m_ft/futures_opt_list', { schema: z.array(futuresContractSchema), query: { stockCode }, signal });
}

export function getFuturesContractsQueryOptions(stockCode: string) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'futures-opt-list', stockCode],
    queryFn: ({ signal }) => getFuturesContracts(stockCode, signal),
    staleTime: 10 * 60_000,
  });
}

export function useFuturesContracts(stockCode: string) {
  return useQuery(getFuturesContractsQueryOptions(stockCode));
}

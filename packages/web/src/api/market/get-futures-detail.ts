import { type FuturesDetail, futuresDetailSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { quotesQueryKey } from './query-keys';

/** A futures contract's quote with bid/ask, open interest, expiry and settle (`/m_ft/detail_quote`). */
export function getFuturesDetail(stockCode: string, signal?: AbortSignal): Promise<FuturesDetail> {
  return api.get('/m_ft/detail_quote', { schema: futuresDetailSchema, query: { stockCode }, signal });
}

export function getFuturesDetailQueryOptions(stockCode: string) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'detail-quote', stockCode],
    queryFn: ({ signal }) => getFuturesDetail(stockCode, signal),
  });
}

/** Picking another contract month keeps the current one on screen until the new one arrives. */
export function useFuturesDetail(stockCode: string) {
  return useQuery({ ...getFuturesDetailQueryOptions(stockCode), placeholderData: keepPreviousData });
}

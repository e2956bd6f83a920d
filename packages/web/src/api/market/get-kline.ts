import type { Kline, KlineRange } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { klineQueryKey } from './query-keys';

/* Shared by the Home chart and the quote pages. */

export interface KlineParams {
  stockCode: string;
  type: KlineRange;
  market?: string;
  source?: number;
}

export function getKline(params: KlineParams, signal?: AbortSignal): Promise<Kline> {
  return api.get('/m_ft/kline', {
    schema: () => import('./quote-schemas').then((schemas) => schemas.klineCheck),
    query: { stockCode: params.stockCode, type: params.type, market: params.market, source: params.source },
    signal,
  });
}

export function getKlineQueryOptions(params: KlineParams) {
  return queryOptions({
    queryKey: [...klineQueryKey, params.source ?? null, params.stockCode, params.market ?? null, params.type],
    queryFn: ({ signal }) => getKline(params, signal),
    // Bars arrive live through the quote stream; the history itself changes slowly.
    staleTime: 60_000,
  });
}

/** Keeps the previous range on screen while the next one loads, so switching does not flash empty. */
export function useKline(params: KlineParams | null) {
  return useQuery({
    ...getKlineQueryOptions(params ?? { stockCode: '', type: '1D' }),
    enabled: params !== null && params.stockCode !== '',
    placeholderData: keepPreviousData,
  });
}

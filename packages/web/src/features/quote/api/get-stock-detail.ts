import { type StockDetail, stockDetailSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { InstrumentRef } from '../../../api/market/instrument';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** A stock's quote with its summary (open, high, low, 52 weeks, market cap, sector). */
export function getStockDetail(ref: InstrumentRef, signal?: AbortSignal): Promise<StockDetail> {
  return api.get('/m_ft/stock_detail_ft', {
    schema: stockDetailSchema,
    query: { stockCode: ref.code, market: ref.market, source: ref.source },
    signal,
  });
}

export function getStockDetailQueryOptions(ref: InstrumentRef) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'stock-detail', ref.source, ref.code, ref.market ?? null],
    queryFn: ({ signal }) => getStockDetail(ref, signal),
  });
}

export function useStockDetail(ref: InstrumentRef) {
  return useQuery(getStockDetailQueryOptions(ref));
}

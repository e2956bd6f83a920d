import { type SummaryDetail, summaryDetailSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { InstrumentRef } from '../../../api/market/instrument';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** Open, high, low, previous close and the 52-week range of any instrument. */
export function getSummaryDetail(ref: InstrumentRef, signal?: AbortSignal): Promise<SummaryDetail> {
  return api.get('/m_ft/summary_detail', {
    schema: summaryDetailSchema,
    query: { stockCode: ref.code, market: ref.market, source: ref.source },
    signal,
  });
}

export function getSummaryDetailQueryOptions(ref: InstrumentRef) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'summary-detail', ref.source, ref.code, ref.market ?? null],
    queryFn: ({ signal }) => getSummaryDetail(ref, signal),
  });
}

export function useSummaryDetail(ref: InstrumentRef) {
  return useQuery(getSummaryDetailQueryOptions(ref));
}

import { type Page, type QuoteItem, type TopListType, type UsExchange, pageSchema, quoteItemSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { LIST_PAGE_SIZE, nextPageParam } from '../../../api/market/paging';
import { quotesQueryKey } from '../../../api/market/query-keys';

export interface TopListParams {
  type: TopListType;
  market?: UsExchange;
  pageNum: number;
  pageSize?: number;
}

/** Gainers, losers or most active (SPEC §2), across US exchanges unless one is named. */
export function getTopList(params: TopListParams, signal?: AbortSignal): Promise<Page<QuoteItem>> {
  return api.get('/m_ft/topList', {
    schema: pageSchema(quoteItemSchema),
    query: { type: params.type, market: params.market, pageNum: params.pageNum, pageSize: params.pageSize ?? LIST_PAGE_SIZE },
    signal,
  });
}

export function getTopListQueryOptions(type: TopListType, market?: UsExchange) {
  return infiniteQueryOptions({
    queryKey: [...quotesQueryKey, 'top-list', type, market ?? null],
    queryFn: ({ pageParam, signal }) => getTopList({ type, market, pageNum: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useTopList(type: TopListType, market?: UsExchange) {
  return useInfiniteQuery(getTopListQueryOptions(type, market));
}

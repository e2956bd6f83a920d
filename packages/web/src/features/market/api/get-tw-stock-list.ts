import { type Page, type QuoteItem, pageSchema, quoteItemSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { LIST_PAGE_SIZE, nextPageParam } from '../../../api/market/paging';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** Taiwan stocks (SPEC §7 `/tg_st/all_stock_list`), page by page. */
export function getTwStockList(pageNum: number, signal?: AbortSignal, pageSize = LIST_PAGE_SIZE): Promise<Page<QuoteItem>> {
  return api.get('/tg_st/all_stock_list', { schema: pageSchema(quoteItemSchema), query: { pageNum, pageSize }, signal });
}

export function getTwStockListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...quotesQueryKey, 'tw-stock-list'],
    queryFn: ({ pageParam, signal }) => getTwStockList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useTwStockList() {
  return useInfiniteQuery(getTwStockListQueryOptions());
}

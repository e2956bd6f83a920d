import { type Page, type QuoteItem, type UsExchange, pageSchema, quoteItemSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { LIST_PAGE_SIZE, nextPageParam } from '../../../api/market/paging';
import { quotesQueryKey } from '../../../api/market/query-keys';

export interface StockListParams {
  market: UsExchange;
  pageNum: number;
  pageSize?: number;
}

/** The stocks of one US exchange, page by page. */
export function getStockList(params: StockListParams, signal?: AbortSignal): Promise<Page<QuoteItem>> {
  return api.get('/m_ft/stock_list', {
    schema: pageSchema(quoteItemSchema),
    query: { market: params.market, pageNum: params.pageNum, pageSize: params.pageSize ?? LIST_PAGE_SIZE },
    signal,
  });
}

export function getStockListQueryOptions(market: UsExchange) {
  return infiniteQueryOptions({
    queryKey: [...quotesQueryKey, 'stock-list', market],
    queryFn: ({ pageParam, signal }) => getStockList({ market, pageNum: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useStockList(market: UsExchange) {
  return useInfiniteQuery(getStockListQueryOptions(market));
}

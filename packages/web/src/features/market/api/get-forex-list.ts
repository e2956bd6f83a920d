import { AssetSource } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { searchInstruments, searchInstrumentsQueryKey } from '../../../api/market/search-instruments';
import { LIST_PAGE_SIZE, nextPageParam } from '../../../api/market/paging';

/*
 * Forex pairs have no list of their own: they are the source-2 instruments of `/m_ft/all_stock_list`
 * (shared with search, in api/market), read here page by page.
 */
export function getForexListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...searchInstrumentsQueryKey({ source: AssetSource.Forex, pageSize: LIST_PAGE_SIZE }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      searchInstruments({ source: AssetSource.Forex, pageNum: pageParam, pageSize: LIST_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useForexList() {
  return useInfiniteQuery(getForexListQueryOptions());
}

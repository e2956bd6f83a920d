import { type Order, type Page, orderSchema, pageSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { nextPageParam } from '../../../api/market/paging';
import { useSession } from '../../../lib/session/use-session';
import { tradeHistoryQueryKey } from '../../../lib/trading/query-keys';

export const HISTORY_PAGE_SIZE = 20;

/** Every order (opening, closing, cancelled, resting), newest first (`/position/water/pageList`). */
export function getOrderHistory(pageNum: number, signal?: AbortSignal): Promise<Page<Order>> {
  return api.post('/position/water/pageList', { pageNum, pageSize: HISTORY_PAGE_SIZE }, { schema: pageSchema(orderSchema), signal });
}

export function getOrderHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...tradeHistoryQueryKey, 'orders'],
    queryFn: ({ pageParam, signal }) => getOrderHistory(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useOrderHistory(enabled = true) {
  const { token } = useSession();
  return useInfiniteQuery({ ...getOrderHistoryQueryOptions(), enabled: enabled && token !== null });
}

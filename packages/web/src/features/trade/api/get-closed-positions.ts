import { type Page, type Position, pageSchema, positionSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { nextPageParam } from '../../../api/market/paging';
import { useSession } from '../../../lib/session/use-session';
import { tradeHistoryQueryKey } from '../../../lib/trading/query-keys';
import { HISTORY_PAGE_SIZE } from './get-order-history';

/** Closed, liquidated and expired positions with their realised profit (`sellProfit`), newest first. */
export function getClosedPositions(pageNum: number, signal?: AbortSignal): Promise<Page<Position>> {
  return api.post('/position/flatList', { pageNum, pageSize: HISTORY_PAGE_SIZE }, { schema: pageSchema(positionSchema), signal });
}

export function getClosedPositionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...tradeHistoryQueryKey, 'closed-positions'],
    queryFn: ({ pageParam, signal }) => getClosedPositions(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useClosedPositions(enabled = true) {
  const { token } = useSession();
  return useInfiniteQuery({ ...getClosedPositionsQueryOptions(), enabled: enabled && token !== null });
}

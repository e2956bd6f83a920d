import { type Deposit, type Page, ReviewStatus, depositSchema, pageSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { fundingKeys } from './query-keys';

export const RECORDS_PAGE_SIZE = 20;
/** While a record waits for review the list is read again this often, so the verdict shows up on its own. */
export const PENDING_POLL_MS = 15_000;

/** `POST /recharge/listPage`: the user's deposits, newest first, with their review status. */
export function getDeposits(pageNum: number, signal?: AbortSignal): Promise<Page<Deposit>> {
  return api.post('/recharge/listPage', { pageNum, pageSize: RECORDS_PAGE_SIZE }, { schema: pageSchema(depositSchema), signal });
}

export function getDepositsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: fundingKeys.deposits,
    queryFn: ({ pageParam, signal }) => getDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some((deposit) => deposit.status === ReviewStatus.Pending)) ? PENDING_POLL_MS : false,
    staleTime: 0,
  });
}

export function useDeposits() {
  const { token } = useSession();
  return useInfiniteQuery({ ...getDepositsQueryOptions(), enabled: token !== null });
}

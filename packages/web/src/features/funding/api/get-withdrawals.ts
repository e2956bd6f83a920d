import { type Page, ReviewStatus, type Withdrawal, pageSchema, withdrawalSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { PENDING_POLL_MS, RECORDS_PAGE_SIZE } from './get-deposits';
import { fundingKeys } from './query-keys';

/** `POST /withdrawal/listPage`: the user's withdrawals, newest first, with their review status. */
export function getWithdrawals(pageNum: number, signal?: AbortSignal): Promise<Page<Withdrawal>> {
  return api.post('/withdrawal/listPage', { pageNum, pageSize: RECORDS_PAGE_SIZE }, { schema: pageSchema(withdrawalSchema), signal });
}

export function getWithdrawalsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: fundingKeys.withdrawals,
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.list.some((withdrawal) => withdrawal.status === ReviewStatus.Pending)) ? PENDING_POLL_MS : false,
    staleTime: 0,
  });
}

export function useWithdrawals() {
  const { token } = useSession();
  return useInfiniteQuery({ ...getWithdrawalsQueryOptions(), enabled: token !== null });
}

import { type Follow, type Page, followSchema, pageSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';

export const myFollowsQueryKey = ['my-follows'] as const;

/** While a follow waits to be confirmed and bought, its status changes within seconds: look again. */
const WAITING_REFRESH_MS = 3000;

/** `POST /userFollowInvest/myList`: the caller's follows, newest first, with status, value and P&L. */
export function getMyFollows(signal?: AbortSignal): Promise<Page<Follow>> {
  return api.post('/userFollowInvest/myList', { pageNum: 1, pageSize: 50 }, { schema: pageSchema(followSchema), signal });
}

export function getMyFollowsQueryOptions() {
  return queryOptions({
    queryKey: myFollowsQueryKey,
    queryFn: ({ signal }) => getMyFollows(signal),
    refetchInterval: (query) =>
      query.state.data?.list.some((f) => f.status === 'waiting_confirmation' || f.status === 'waiting_subscription') ? WAITING_REFRESH_MS : false,
  });
}

export function useMyFollows() {
  const { token } = useSession();
  return useQuery({ ...getMyFollowsQueryOptions(), enabled: token !== null });
}

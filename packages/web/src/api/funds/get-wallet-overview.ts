import { type WalletOverview, walletOverviewSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';
import { walletOverviewQueryKey } from '../../lib/trading/query-keys';

/** Every wallet of the user with its balance, and the USD total (`/userCenter/getWalletBalance`). */
export function getWalletOverview(signal?: AbortSignal): Promise<WalletOverview> {
  return api.post('/userCenter/getWalletBalance', {}, { schema: walletOverviewSchema, signal });
}

export function getWalletOverviewQueryOptions() {
  return queryOptions({ queryKey: walletOverviewQueryKey, queryFn: ({ signal }) => getWalletOverview(signal) });
}

export function useWalletOverview() {
  const { token } = useSession();
  return useQuery({ ...getWalletOverviewQueryOptions(), enabled: token !== null });
}

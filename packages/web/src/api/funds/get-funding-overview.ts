import { type FundingOverview, fundingOverviewSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';
import { fundingOverviewQueryKey } from '../../lib/trading/query-keys';

/**
 * Total assets, available, frozen, position margin, floating and today's profit, all in USD. The
 * Trade and Account tabs both show it, so it lives here.
 */
export function getFundingOverview(signal?: AbortSignal): Promise<FundingOverview> {
  return api.post('/userCenter/getFundingOverview', {}, { schema: fundingOverviewSchema, signal });
}

export function getFundingOverviewQueryOptions() {
  return queryOptions({ queryKey: fundingOverviewQueryKey, queryFn: ({ signal }) => getFundingOverview(signal) });
}

export function useFundingOverview() {
  const { token } = useSession();
  return useQuery({ ...getFundingOverviewQueryOptions(), enabled: token !== null });
}

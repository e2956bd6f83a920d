import { type Agency, agencySchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

export const agenciesQueryKey = ['follow-agencies'] as const;

/** `GET /userFollowInvest/getInvestAgencyList`: agencies taking follows, with portfolio, track record, fee and term. */
export function getAgencies(signal?: AbortSignal): Promise<Agency[]> {
  return api.get('/userFollowInvest/getInvestAgencyList', { schema: z.array(agencySchema), signal });
}

export function getAgenciesQueryOptions() {
  return queryOptions({ queryKey: agenciesQueryKey, queryFn: ({ signal }) => getAgencies(signal) });
}

export function useAgencies() {
  return useQuery(getAgenciesQueryOptions());
}

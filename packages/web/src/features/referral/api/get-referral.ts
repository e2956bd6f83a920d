import { type ReferralSummary, referralSummarySchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const referralQueryKey = ['referral'] as const;

/** `GET /userCenter/referral`: the caller's invite code and how many people registered with it. */
export function getReferral(signal?: AbortSignal): Promise<ReferralSummary> {
  return api.get('/userCenter/referral', { schema: referralSummarySchema, signal });
}

export function getReferralQueryOptions() {
  return queryOptions({ queryKey: referralQueryKey, queryFn: ({ signal }) => getReferral(signal) });
}

export function useReferral() {
  return useQuery(getReferralQueryOptions());
}

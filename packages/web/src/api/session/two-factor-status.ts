import { type TwoFactorStatus, twoFactorStatusSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';

export const twoFactorStatusQueryKey = ['two-factor-status'] as const;

/** `GET /userCenter/twoFactor`: whether two-factor sign-in is on (Settings › Security, the withdrawal forms). */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get('/userCenter/twoFactor', { schema: twoFactorStatusSchema, signal });
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: twoFactorStatusQueryKey, queryFn: ({ signal }) => getTwoFactorStatus(signal) });
}

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ ...twoFactorStatusQueryOptions(), enabled });
}

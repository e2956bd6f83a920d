import { type Currency, usableWithdrawalSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { fundingKeys } from './query-keys';

export interface UsableWithdrawal {
  currency: Currency;
  available: number;
}

/**
 * `GET /withdrawal/getUsableWithdrawalAmount`: what can be withdrawn now (funding wallet, USD).
 * SPEC §8: a swallowed read, zero on failure; only an abort still rejects.
 */
export async function getUsableWithdrawal(signal?: AbortSignal): Promise<UsableWithdrawal> {
  try {
    return await api.get('/withdrawal/getUsableWithdrawalAmount', { schema: usableWithdrawalSchema, signal });
  } catch (error) {
    if (isApiError(error) && (error.kind === 'aborted' || error.kind === 'session-expired')) throw error;
    return { currency: 'USD', available: 0 };
  }
}

export function getUsableWithdrawalQueryOptions() {
  return queryOptions({ queryKey: fundingKeys.usableWithdrawal, queryFn: ({ signal }) => getUsableWithdrawal(signal), staleTime: 0 });
}

export function useUsableWithdrawal() {
  const { token } = useSession();
  return useQuery({ ...getUsableWithdrawalQueryOptions(), enabled: token !== null });
}

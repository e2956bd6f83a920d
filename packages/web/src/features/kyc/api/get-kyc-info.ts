import { type KycApplication, kycApplicationSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { kycKeys } from './query-keys';

/** `POST /userCenter/kycInfo`: the latest identity application (its status and a refusal's reason), or null. */
export function getKycInfo(signal?: AbortSignal): Promise<KycApplication | null> {
  return api.post('/userCenter/kycInfo', {}, { schema: kycApplicationSchema.nullable(), signal });
}

export function getKycInfoQueryOptions() {
  return queryOptions({ queryKey: kycKeys.info, queryFn: ({ signal }) => getKycInfo(signal), staleTime: 0 });
}

export function useKycInfo() {
  const { token } = useSession();
  return useQuery({ ...getKycInfoQueryOptions(), enabled: token !== null });
}

import { type IpoFullNum, ipoFullNumSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';

/** Under the funds root: whatever moves money (a transfer, a subscription) refreshes the maximum too. */
export const ipoFullNumQueryKey = [...fundsQueryKey, 'ipo-full-num'] as const;

/** `POST /position/getIpoFullNum`: the most lots the SUBSCRIPTION wallet's available funds pay for. */
export function getIpoFullNum(offeringId: number, signal?: AbortSignal): Promise<IpoFullNum> {
  return api.post('/position/getIpoFullNum', { id: offeringId }, { schema: ipoFullNumSchema, signal });
}

export function getIpoFullNumQueryOptions(offeringId: number) {
  return queryOptions({ queryKey: [...ipoFullNumQueryKey, offeringId], queryFn: ({ signal }) => getIpoFullNum(offeringId, signal) });
}

export function useIpoFullNum(offeringId: number | undefined) {
  return useQuery({ ...getIpoFullNumQueryOptions(offeringId ?? 0), enabled: offeringId !== undefined });
}

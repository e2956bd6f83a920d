import { type IpoDraw, ipoDrawSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { ipoSubscriptionsQueryKey } from './get-ipo-subscriptions';

/** `POST /NewShares/draw`: the draw of an offering the user subscribed to (seed hash, then seed, digest and ranges). */
export function getIpoDraw(id: number, signal?: AbortSignal): Promise<IpoDraw> {
  return api.post('/NewShares/draw', { id }, { schema: ipoDrawSchema, signal });
}

export function useIpoDraw(id: number, enabled: boolean) {
  // Under the subscriptions key: the allotment that reveals the seed refreshes it too.
  return useQuery({ ...queryOptions({ queryKey: [...ipoSubscriptionsQueryKey, 'draw', id], queryFn: ({ signal }) => getIpoDraw(id, signal) }), enabled });
}

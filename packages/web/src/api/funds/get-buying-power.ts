import { type BuyingPower, buyingPowerSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';
import { buyingPowerQueryKey } from './buying-power-keys';

/** The whole account in the display currency: equity, each wallet's available amount and why the rest is held. */
export function getBuyingPower(signal?: AbortSignal): Promise<BuyingPower> {
  return api.post('/userCenter/getBuyingPower', {}, { schema: buyingPowerSchema, signal });
}

export function getBuyingPowerQueryOptions() {
  return queryOptions({ queryKey: buyingPowerQueryKey, queryFn: ({ signal }) => getBuyingPower(signal) });
}

export function useBuyingPower() {
  const { token } = useSession();
  return useQuery({ ...getBuyingPowerQueryOptions(), enabled: token !== null });
}

import { type Order, orderSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { restingOrdersQueryKey } from '../../../lib/trading/query-keys';

/** Limit orders waiting for their price (SPEC "consign" list), funds frozen. */
export function getRestingOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.post('/position/consignList', {}, { schema: z.array(orderSchema), signal });
}

export function getRestingOrdersQueryOptions() {
  return queryOptions({ queryKey: restingOrdersQueryKey, queryFn: ({ signal }) => getRestingOrders(signal) });
}

export function useRestingOrders() {
  const { token } = useSession();
  return useQuery({ ...getRestingOrdersQueryOptions(), enabled: token !== null });
}

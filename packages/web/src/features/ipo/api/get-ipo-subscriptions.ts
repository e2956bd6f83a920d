import { type IpoSubscription, type Page, ipoSubscriptionSchema, pageSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';

/** Under the funds root: an allotment moves money, and the balance pushes that follow refresh this list too. */
export const ipoSubscriptionsQueryKey = [...fundsQueryKey, 'ipo-subscriptions'] as const;

/** `POST /position/subscriptionOrder/pageList`: the user's subscriptions, newest first. */
export function getIpoSubscriptions(pageNum: number, pageSize: number, signal?: AbortSignal): Promise<Page<IpoSubscription>> {
  return api.post('/position/subscriptionOrder/pageList', { pageNum, pageSize }, { schema: pageSchema(ipoSubscriptionSchema), signal });
}

export function getIpoSubscriptionsQueryOptions(pageSize = 50) {
  return queryOptions({ queryKey: [...ipoSubscriptionsQueryKey, pageSize], queryFn: ({ signal }) => getIpoSubscriptions(1, pageSize, signal) });
}

export function useIpoSubscriptions(enabled = true) {
  return useQuery({ ...getIpoSubscriptionsQueryOptions(), enabled });
}

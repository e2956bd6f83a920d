import { type IpoSubscription, ipoSubscriptionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';
import { ipoOfferingsQueryKey } from './get-ipo-offerings';

export interface SubscribeRequest {
  id: number;
  /** Whole lots. */
  quantity: number;
}

/** `POST /NewShares/create`: freezes lots × lot size × price in the SUBSCRIPTION wallet; a retry with the same key subscribes once. */
export function subscribeIpo(request: SubscribeRequest, idempotencyKey: string): Promise<IpoSubscription> {
  return api.post('/NewShares/create', request, { schema: ipoSubscriptionSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useSubscribeIpo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: SubscribeRequest; idempotencyKey: string }) => subscribeIpo(request, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ipoOfferingsQueryKey });
    },
    meta: { silent: true },
  });
}

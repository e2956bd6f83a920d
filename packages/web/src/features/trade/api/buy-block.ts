import { type Order, orderSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey, positionsQueryKey, tradeHistoryQueryKey } from '../../../lib/trading/query-keys';
import { blockOffersQueryKey } from './get-block-offers';

export interface BlockRequest {
  offerId: number;
  quantity: number;
}

/** `POST /blockTrade/create`: one order for the block at the desk's price; a retry with the same key buys once. */
export function buyBlock(request: BlockRequest, idempotencyKey: string): Promise<Order> {
  return api.post('/blockTrade/create', request, { schema: orderSchema, headers: { 'Idempotency-Key': idempotencyKey }, forbiddenIsRefusal: true });
}

export function useBuyBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: BlockRequest; idempotencyKey: string }) => buyBlock(request, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: blockOffersQueryKey });
      void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
    meta: { silent: true },
  });
}

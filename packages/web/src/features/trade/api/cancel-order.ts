import { type Order, orderSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey, restingOrdersQueryKey, tradeHistoryQueryKey } from '../../../lib/trading/query-keys';

/** Cancels a resting limit order; its frozen margin and fee return to available. */
export function cancelOrder(id: number): Promise<Order> {
  return api.post('/orders/cancel', { id }, { schema: orderSchema });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: restingOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
  });
}

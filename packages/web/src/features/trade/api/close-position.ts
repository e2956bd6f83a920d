import { type Order, orderSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey, positionsQueryKey, tradeHistoryQueryKey } from '../../../lib/trading/query-keys';

/** Closes a position at market: the whole of it without a quantity, else that many. Answers the closing order. */
export function closePosition({ id, quantity }: { id: number; quantity?: number }): Promise<Order> {
  return api.post('/position/flatPosition', quantity === undefined ? { id } : { id, quantity }, { schema: orderSchema });
}

export function useClosePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closePosition,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
  });
}

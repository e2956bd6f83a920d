import { type Transfer, transferSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';

/** Cancels a pending transfer: the held amount returns to the source wallet. */
export function cancelTransfer(id: number): Promise<Transfer> {
  return api.post('/wallet/cancelTransfer', { id }, { schema: transferSchema });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransfer,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundsQueryKey }),
  });
}

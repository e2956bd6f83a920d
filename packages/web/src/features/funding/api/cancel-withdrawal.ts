import { type Withdrawal, withdrawalSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';

/** `POST /withdrawal/cancel`: cancels a pending withdrawal; the frozen amount is usable again. */
export function cancelWithdrawal(id: number): Promise<Withdrawal> {
  return api.post('/withdrawal/cancel', { id }, { schema: withdrawalSchema });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  // The records and every balance read sit under the funds root.
  return useMutation({ mutationFn: cancelWithdrawal, onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundsQueryKey }) });
}

import { withdrawalSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/withdrawals/{id}/reject`: the hold is released; the user sees the reason. */
export function rejectWithdrawal({ id, reason }: { id: number; reason: string }) {
  return api.post(`/admin/withdrawals/${id}/reject`, { reason }, { schema: withdrawalSchema, forbiddenIsRefusal: true });
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectWithdrawal,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.withdrawals),
  });
}

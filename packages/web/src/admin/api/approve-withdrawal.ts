import { withdrawalSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/withdrawals/{id}/approve`: pay out; the frozen amount leaves the ledger. */
export function approveWithdrawal({ id }: { id: number }) {
  return api.post(`/admin/withdrawals/${id}/approve`, {}, { schema: withdrawalSchema, forbiddenIsRefusal: true });
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWithdrawal,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.withdrawals),
  });
}

import { depositSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/deposits/{id}/reject`: nothing is credited; the user sees the reason. */
export function rejectDeposit({ id, reason }: { id: number; reason: string }) {
  return api.post(`/admin/deposits/${id}/reject`, { reason }, { schema: depositSchema, forbiddenIsRefusal: true });
}

export function useRejectDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDeposit,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.deposits),
  });
}

import { depositSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

export interface ApproveDepositInput {
  id: number;
  /** Crypto channels only: the network confirmations staff saw (the server wants at least 3). */
  confirmations?: number;
}

/** `POST /admin/deposits/{id}/approve`: credits the user's BALANCE wallet once. */
export function approveDeposit({ id, confirmations }: ApproveDepositInput) {
  const body = confirmations === undefined ? {} : { confirmations };
  return api.post(`/admin/deposits/${id}/approve`, body, { schema: depositSchema, forbiddenIsRefusal: true });
}

export function useApproveDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDeposit,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.deposits),
  });
}

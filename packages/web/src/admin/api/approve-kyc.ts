import { kycApplicationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/kyc/{id}/approve`: the user becomes verified. */
export function approveKyc({ id }: { id: number }) {
  return api.post(`/admin/kyc/${id}/approve`, {}, { schema: kycApplicationSchema, forbiddenIsRefusal: true });
}

export function useApproveKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveKyc,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.kyc),
  });
}

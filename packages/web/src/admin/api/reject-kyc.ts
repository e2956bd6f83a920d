import { kycApplicationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/kyc/{id}/reject`: refused with a reason; the user may apply again. */
export function rejectKyc({ id, reason }: { id: number; reason: string }) {
  return api.post(`/admin/kyc/${id}/reject`, { reason }, { schema: kycApplicationSchema, forbiddenIsRefusal: true });
}

export function useRejectKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectKyc,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.kyc),
  });
}

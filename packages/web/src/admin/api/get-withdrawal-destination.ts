import { type WithdrawalDestination, withdrawalDestinationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

/**
 * `GET /admin/withdrawals/{id}/destination`: the unmasked destination. A mutation, not a cached
 * query: each look is a deliberate act the server writes to the audit log.
 */
export function getWithdrawalDestination(id: number): Promise<WithdrawalDestination> {
  return api.get(`/admin/withdrawals/${id}/destination`, { schema: withdrawalDestinationSchema, forbiddenIsRefusal: true });
}

export function useRevealDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getWithdrawalDestination,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}

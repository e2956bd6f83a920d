import { adminUserSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/users/{id}/unblock`: the user may log in again. */
export function unblockUser({ id }: { id: number }) {
  return api.post(`/admin/users/${id}/unblock`, {}, { schema: adminUserSchema, forbiddenIsRefusal: true });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.users),
  });
}

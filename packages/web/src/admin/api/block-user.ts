import { adminUserSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

/** `POST /admin/users/{id}/block`: no more logins, and every session of the user ends. */
export function blockUser({ id }: { id: number }) {
  return api.post(`/admin/users/${id}/block`, {}, { schema: adminUserSchema, forbiddenIsRefusal: true });
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.users),
  });
}

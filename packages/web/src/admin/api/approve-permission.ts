import { permissionApplicationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { PermissionApplication } from './get-permissions';
import { adminKeys, refreshAfterAction } from './query-keys';

type Target = Pick<PermissionApplication, 'userId' | 'kind'>;

/** `POST /admin/permissions/{userId}/{kind}/approve`: grants trading or block trading. */
export function approvePermission({ userId, kind }: Target) {
  return api.post(`/admin/permissions/${userId}/${kind}/approve`, {}, { schema: permissionApplicationSchema, forbiddenIsRefusal: true });
}

export function useApprovePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePermission,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.permissions),
  });
}

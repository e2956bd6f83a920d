import { permissionApplicationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { PermissionApplication } from './get-permissions';
import { adminKeys, refreshAfterAction } from './query-keys';

type Target = Pick<PermissionApplication, 'userId' | 'kind'> & { reason: string };

/** `POST /admin/permissions/{userId}/{kind}/reject`: refused with a reason. */
export function rejectPermission({ userId, kind, reason }: Target) {
  return api.post(`/admin/permissions/${userId}/${kind}/reject`, { reason }, { schema: permissionApplicationSchema, forbiddenIsRefusal: true });
}

export function useRejectPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPermission,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.permissions),
  });
}

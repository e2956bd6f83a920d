import { permissionApplicationSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export type PermissionApplication = z.infer<typeof permissionApplicationSchema>;

/** `GET /admin/permissions`: trading and block-trading applications under review. */
export function getPermissions(signal?: AbortSignal) {
  return api.get('/admin/permissions', { schema: z.array(permissionApplicationSchema), signal, forbiddenIsRefusal: true });
}

export function getPermissionsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.permissions, queryFn: ({ signal }) => getPermissions(signal) });
}

export function usePermissions() {
  return useQuery(getPermissionsQueryOptions());
}

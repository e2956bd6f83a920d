import { type AdminIpo, adminIpoSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export const adminIposKey = [...adminKeys.all, 'ipos'] as const;

/** `GET /admin/ipos`: every IPO with its demand, allotment and whether it may still be edited. */
export function getIpos(signal?: AbortSignal): Promise<AdminIpo[]> {
  return api.get('/admin/ipos', { schema: z.array(adminIpoSchema), signal, forbiddenIsRefusal: true });
}

export function getIposQueryOptions() {
  return queryOptions({ queryKey: adminIposKey, queryFn: ({ signal }) => getIpos(signal) });
}

export function useIpos() {
  return useQuery(getIposQueryOptions());
}

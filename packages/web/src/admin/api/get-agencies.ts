import { adminAgencySchema, type AdminAgency } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export type { AdminAgency };

export const agenciesKey = [...adminKeys.all, 'agencies'] as const;

/** `GET /admin/agencies`: every investment agency, active or not, with its model portfolio and open follows. */
export function getAgencies(signal?: AbortSignal) {
  return api.get('/admin/agencies', { schema: z.array(adminAgencySchema), signal, forbiddenIsRefusal: true });
}

export function getAgenciesQueryOptions() {
  return queryOptions({ queryKey: agenciesKey, queryFn: ({ signal }) => getAgencies(signal) });
}

export function useAgencies() {
  return useQuery(getAgenciesQueryOptions());
}

import { deviceSessionSchema, type DeviceSession } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

export type { DeviceSession };

export const sessionsQueryKey = ['settings', 'sessions'] as const;

/** `GET /userCenter/sessions`: the user's signed-in devices, the one asking marked `current`. */
export function getMySessions(signal?: AbortSignal): Promise<DeviceSession[]> {
  return api.get('/userCenter/sessions', { schema: z.array(deviceSessionSchema), signal });
}

export function getMySessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getMySessions(signal), staleTime: 0 });
}

export function useMySessions() {
  return useQuery(getMySessionsQueryOptions());
}

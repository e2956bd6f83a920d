import { type Area, areaSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { kycKeys } from './query-keys';

/** `GET /areaInfo/list`: the countries the identity form offers (ISO 3166 alpha-2). */
export function getAreas(signal?: AbortSignal): Promise<Area[]> {
  return api.get('/areaInfo/list', { schema: z.array(areaSchema), signal });
}

export function getAreasQueryOptions() {
  return queryOptions({ queryKey: kycKeys.areas, queryFn: ({ signal }) => getAreas(signal), staleTime: Infinity });
}

export function useAreas() {
  return useQuery(getAreasQueryOptions());
}

import { adminIpoSchema, ipoAllotmentSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminIposKey } from './get-ipos';

const allotmentRecordSchema = z.object({ offering: adminIpoSchema, lines: z.array(ipoAllotmentSchema) });
export type AllotmentRecord = z.infer<typeof allotmentRecordSchema>;

/** `GET /admin/ipos/{id}/allotment`: the draw as recorded (seed, digest, every subscriber's tickets and lots). */
export function getIpoAllotment(id: number, signal?: AbortSignal): Promise<AllotmentRecord> {
  return api.get(`/admin/ipos/${id}/allotment`, { schema: allotmentRecordSchema, signal, forbiddenIsRefusal: true });
}

export function getIpoAllotmentQueryOptions(id: number) {
  return queryOptions({ queryKey: [...adminIposKey, id, 'allotment'], queryFn: ({ signal }) => getIpoAllotment(id, signal) });
}

export function useIpoAllotment(id: number) {
  return useQuery(getIpoAllotmentQueryOptions(id));
}

import { adminUserSchema, pageSchema, positionSchema, walletBillItemSchema, walletOverviewSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

const sessionSchema = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  expireTimeTimestamp: z.number().int(),
});

/** The server declares no response schema for this call; this is what the back office reads of it. */
export const userDetailSchema = z.object({
  user: adminUserSchema,
  wallets: walletOverviewSchema,
  postings: pageSchema(walletBillItemSchema),
  positions: z.array(positionSchema),
  sessions: z.array(sessionSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** `GET /admin/users/{id}`: one user with wallets, latest postings, open positions and sessions. */
export function getUserDetail(id: number, signal?: AbortSignal) {
  return api.get(`/admin/users/${id}`, { schema: userDetailSchema, signal, forbiddenIsRefusal: true });
}

export function getUserDetailQueryOptions(id: number) {
  return queryOptions({ queryKey: [...adminKeys.users, 'detail', id], queryFn: ({ signal }) => getUserDetail(id, signal) });
}

export function useUserDetail(id: number) {
  return useQuery(getUserDetailQueryOptions(id));
}

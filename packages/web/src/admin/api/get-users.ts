import { adminUserSchema, pageSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export type AdminUser = z.infer<typeof adminUserSchema>;

export interface UsersParams {
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
}

const userPage = pageSchema(adminUserSchema);

/** `GET /admin/users`: users, newest first, searchable by e-mail or name. */
export function getUsers(params: UsersParams, signal?: AbortSignal) {
  return api.get('/admin/users', { query: { ...params, keyword: params.keyword || undefined }, schema: userPage, signal, forbiddenIsRefusal: true });
}

export function getUsersQueryOptions(params: UsersParams) {
  return queryOptions({
    queryKey: [...adminKeys.users, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UsersParams) {
  return useQuery(getUsersQueryOptions(params));
}

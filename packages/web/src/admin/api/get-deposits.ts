import { depositSchema, pageSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type QueueParams, adminKeys } from './query-keys';

const depositPage = pageSchema(depositSchema);

/** `GET /admin/deposits`: the deposit queue, newest first. */
export function getDeposits(params: QueueParams, signal?: AbortSignal) {
  return api.get('/admin/deposits', { query: { ...params }, schema: depositPage, signal, forbiddenIsRefusal: true });
}

export function getDepositsQueryOptions(params: QueueParams) {
  return queryOptions({
    queryKey: [...adminKeys.deposits, params],
    queryFn: ({ signal }) => getDeposits(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(params: QueueParams) {
  return useQuery(getDepositsQueryOptions(params));
}

import { pageSchema, withdrawalSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type QueueParams, adminKeys } from './query-keys';

const withdrawalPage = pageSchema(withdrawalSchema);

/** `GET /admin/withdrawals`: the withdrawal queue, newest first. */
export function getWithdrawals(params: QueueParams, signal?: AbortSignal) {
  return api.get('/admin/withdrawals', { query: { ...params }, schema: withdrawalPage, signal, forbiddenIsRefusal: true });
}

export function getWithdrawalsQueryOptions(params: QueueParams) {
  return queryOptions({
    queryKey: [...adminKeys.withdrawals, params],
    queryFn: ({ signal }) => getWithdrawals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(params: QueueParams) {
  return useQuery(getWithdrawalsQueryOptions(params));
}

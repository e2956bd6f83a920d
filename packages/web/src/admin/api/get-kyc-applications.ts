import { kycApplicationSchema, pageSchema } from '@tradewind/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type QueueParams, adminKeys } from './query-keys';

const kycPage = pageSchema(kycApplicationSchema);

/** `GET /admin/kyc`: identity applications, newest first. */
export function getKycApplications(params: QueueParams, signal?: AbortSignal) {
  return api.get('/admin/kyc', { query: { ...params }, schema: kycPage, signal, forbiddenIsRefusal: true });
}

export function getKycApplicationsQueryOptions(params: QueueParams) {
  return queryOptions({
    queryKey: [...adminKeys.kyc, params],
    queryFn: ({ signal }) => getKycApplications(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useKycApplications(params: QueueParams) {
  return useQuery(getKycApplicationsQueryOptions(params));
}

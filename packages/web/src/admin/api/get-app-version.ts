import { type AppVersion, appVersionSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

export const appVersionKey = [...adminKeys.all, 'app-version'] as const;

/** `GET /appVersion/getPublishAppVersion`: what the app is served now, the starting point of the editor. */
export function getPublishedAppVersion(signal?: AbortSignal): Promise<AppVersion> {
  return api.get('/appVersion/getPublishAppVersion', { schema: appVersionSchema, signal });
}

export function getPublishedAppVersionQueryOptions() {
  return queryOptions({ queryKey: appVersionKey, queryFn: ({ signal }) => getPublishedAppVersion(signal) });
}

export function usePublishedAppVersion() {
  return useQuery(getPublishedAppVersionQueryOptions());
}

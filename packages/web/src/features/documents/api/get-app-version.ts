import { type AppVersion, appVersionSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const appVersionQueryKey = ['app-version'] as const;

/** `GET /appVersion/getPublishAppVersion`: the app config of SPEC §3, here for its webview allow-list. */
export function getAppVersion(signal?: AbortSignal): Promise<AppVersion> {
  return api.get('/appVersion/getPublishAppVersion', { schema: appVersionSchema, signal });
}

export function getAppVersionQueryOptions() {
  return queryOptions({ queryKey: appVersionQueryKey, queryFn: ({ signal }) => getAppVersion(signal), staleTime: 5 * 60_000 });
}

/** `enabled: false` when the page needs no config (one of the app's own documents). */
export function useAppVersion({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAppVersionQueryOptions(), enabled });
}

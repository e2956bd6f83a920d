import { type AdminPublishAppVersionBody, appVersionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { appVersionKey } from './get-app-version';
import { refreshAfterAction } from './query-keys';

/** `POST /admin/appVersion`: publishes a new app version (audited by the server). */
export function publishAppVersion(body: AdminPublishAppVersionBody) {
  return api.post('/admin/appVersion', body, { schema: appVersionSchema, forbiddenIsRefusal: true });
}

export function usePublishAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAppVersion,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, appVersionKey),
  });
}

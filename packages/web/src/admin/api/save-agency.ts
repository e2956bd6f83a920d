import { adminAgencySchema, type AgencyInput } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { agenciesKey } from './get-agencies';
import { refreshAfterAction } from './query-keys';

/** `POST /admin/agencies` (new) or `/admin/agencies/{id}` (replace terms and portfolio); audited by the server. */
export function saveAgency({ id, input }: { id: number | null; input: AgencyInput }) {
  return api.post(id === null ? '/admin/agencies' : `/admin/agencies/${id}`, input, { schema: adminAgencySchema, forbiddenIsRefusal: true });
}

export function useSaveAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAgency,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, agenciesKey),
  });
}

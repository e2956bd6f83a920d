import type { UpdatePayPasswordBody } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';

/** Changing an existing transaction password needs the old one (SPEC §7). */
export async function updatePayPassword(body: UpdatePayPasswordBody): Promise<void> {
  await api.post('/updatePayPassword', body, { schema: ignoredData });
}

export function useUpdatePayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

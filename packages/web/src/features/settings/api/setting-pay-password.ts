import type { SettingPayPasswordBody } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';

/** The first transaction password of an account (SPEC §7: no old pay password given). */
export async function settingPayPassword(body: SettingPayPasswordBody): Promise<void> {
  await api.post('/settingPayPassword', body, { schema: ignoredData });
}

export function useSettingPayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingPayPassword,
    // payPasswordSet flips on the server; refetch the user so every screen sees it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

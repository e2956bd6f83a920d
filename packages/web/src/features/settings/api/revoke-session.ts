import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { sessionsQueryKey } from './get-my-sessions';

/** `POST /userCenter/sessions/revoke`: signs one of the user's other devices out. */
export async function revokeSession(id: number): Promise<void> {
  await api.post('/userCenter/sessions/revoke', { id }, { schema: ignoredData });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

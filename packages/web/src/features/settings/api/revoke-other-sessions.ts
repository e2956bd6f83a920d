import { revokedSessionsSchema, type RevokedSessions } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { sessionsQueryKey } from './get-my-sessions';

/** `POST /userCenter/sessions/revokeOthers`: signs out every device but this one. */
export function revokeOtherSessions(): Promise<RevokedSessions> {
  return api.post('/userCenter/sessions/revokeOthers', {}, { schema: revokedSessionsSchema });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

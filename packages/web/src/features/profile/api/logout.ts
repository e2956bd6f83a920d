import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { clearSession } from '../../../lib/session/session-store';

/** Revokes the token on the server (DESIGN §9). */
export async function logout(): Promise<void> {
  await api.post('/logout', {}, { schema: ignoredData });
}

/**
 * Logging out always ends the session here, even when the server cannot be told (offline, token
 * already expired): the user asked to be logged out of this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
    },
    // A failed revoke is not the user's problem to solve; do not toast it.
    meta: { silent: true },
  });
}

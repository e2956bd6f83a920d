import { type RegisterEmailBody, type Session, sessionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { saveSession } from '../../../lib/session/session-store';

export function registerWithEmail(body: RegisterEmailBody): Promise<Session> {
  return api.post('/register/email', body, { schema: sessionSchema });
}

/** A new account is logged in at once: the answer is a session like a login's. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerWithEmail,
    onSuccess: (session) => {
      queryClient.clear();
      saveSession(session);
      queryClient.setQueryData(userInfoQueryKey, session.user);
    },
  });
}

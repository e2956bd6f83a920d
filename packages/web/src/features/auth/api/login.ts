import { type LoginBody, type Session, sessionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../lib/session/get-user-info';
import { saveSession } from '../../../lib/session/session-store';

/** The username is the e-mail address (DESIGN §11). */
export function loginByUsername(body: LoginBody): Promise<Session> {
  return api.post('/loginByUsername', body, { schema: sessionSchema });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginByUsername,
    onSuccess: (session) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      saveSession(session);
      queryClient.setQueryData(userInfoQueryKey, session.user);
    },
  });
}

import { type LoginAnswer, type LoginBody, type Session, isLoginChallenge, loginAnswerSchema, sessionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { saveSession } from '../../../lib/session/session-store';

/** The username is the e-mail address (DESIGN §11). With two-factor sign-in on, the answer is a challenge. */
export function loginByUsername(body: LoginBody): Promise<LoginAnswer> {
  return api.post('/loginByUsername', body, { schema: loginAnswerSchema });
}

/** `POST /loginByUsername/twoFactor`: the challenge and an authenticator code (or a recovery code). */
export function loginSecondFactor(body: { challenge: string; code?: string; recoveryCode?: string }): Promise<Session> {
  return api.post('/loginByUsername/twoFactor', body, { schema: sessionSchema });
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    // Nothing cached for a previous user may leak into this session.
    queryClient.clear();
    saveSession(session);
    queryClient.setQueryData(userInfoQueryKey, session.user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: loginByUsername,
    onSuccess: (answer) => {
      if (!isLoginChallenge(answer)) signedIn(answer);
    },
  });
}

export function useLoginSecondFactor() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginSecondFactor, onSuccess: signedIn });
}

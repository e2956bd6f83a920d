import type { User } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { saveUser } from '../../lib/session/session-store';
import { useSession } from '../../lib/session/use-session';

/*
 * The current user is shared by the account tab, the settings pages and the guards, and features may
 * not import each other, so this one endpoint lives beside the session store.
 */
export async function getUserInfo(signal?: AbortSignal): Promise<User> {
  const user = await api.post('/api/user/info', {}, { schema: () => import('../../lib/session/stored-user-check').then((schemas) => schemas.userSchema), signal });
  // Keep the stored copy (SPEC §3: the user is stored locally) in step with the server.
  saveUser(user);
  return user;
}

export const userInfoQueryKey = ['user-info'] as const;

export function getUserInfoQueryOptions() {
  return queryOptions({ queryKey: userInfoQueryKey, queryFn: ({ signal }) => getUserInfo(signal) });
}

/** The logged-in user, fetched fresh but shown at once from the stored copy; idle when logged out. */
export function useUserInfo() {
  const { token, user } = useSession();
  return useQuery({
    ...getUserInfoQueryOptions(),
    enabled: token !== null,
    placeholderData: user ?? undefined,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';

/*
 * The unread count is shown by the tab bar and the Account tab, which the inbox feature cannot
 * import, so it lives beside the session. Its key starts with the inbox's own ('inbox'), so marking
 * messages read (which invalidates every inbox query) and the private channel's 'message' event
 * (which invalidates everything) both bring it up to date.
 */
export const unreadCountQueryKey = ['inbox', 'unread-count'] as const;

/** `GET /userMessage/getMessage` asked for one unread message: only its `unread` count is used. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const page = await api.get('/userMessage/getMessage', { query: { read: 'false', pageNum: 1, pageSize: 1 }, schema: () => import('./inbox-schema').then((schemas) => schemas.inboxPageSchema), signal });
  return page.unread;
}

export function getUnreadCountQueryOptions() {
  return queryOptions({ queryKey: unreadCountQueryKey, queryFn: ({ signal }) => getUnreadCount(signal) });
}

/** How many of the signed-in user's messages are unread; idle (undefined) for a visitor. */
export function useUnreadCount() {
  const { token } = useSession();
  return useQuery({ ...getUnreadCountQueryOptions(), enabled: token !== null });
}

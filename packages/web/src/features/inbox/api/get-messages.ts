import { type InboxMessage, inboxPageSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { inboxKeys } from './query-keys';

export const MESSAGES_PAGE_SIZE = 20;
export type InboxPage = z.infer<typeof inboxPageSchema>;
export type { InboxMessage };

/** `GET /userMessage/getMessage`: the user's messages, newest first, with how many are unread. */
export function getMessages(pageNum: number, signal?: AbortSignal): Promise<InboxPage> {
  return api.get('/userMessage/getMessage', { query: { pageNum, pageSize: MESSAGES_PAGE_SIZE }, schema: inboxPageSchema, signal });
}

export function getMessagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list,
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    staleTime: 0,
  });
}

export function useMessages() {
  const { token } = useSession();
  return useInfiniteQuery({ ...getMessagesQueryOptions(), enabled: token !== null });
}

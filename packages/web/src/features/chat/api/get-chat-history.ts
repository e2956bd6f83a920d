import { type ChatHistory, chatHistorySchema } from '@tradewind/contract';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { chatHeaders } from './chat-headers';
import { chatKeys } from './query-keys';

export const CHAT_PAGE_SIZE = 30;
export type ChatPages = InfiniteData<ChatHistory, number | undefined>;

/** `GET /chat/history`: the newest page, or the page before `beforeId`; each page oldest first. */
export function getChatHistory(beforeId: number | undefined, signal?: AbortSignal): Promise<ChatHistory> {
  return api.get('/chat/history', { query: { beforeId, pageSize: CHAT_PAGE_SIZE }, headers: chatHeaders(), schema: chatHistorySchema, signal });
}

export function getChatHistoryQueryOptions(side: 'user' | 'visitor') {
  return infiniteQueryOptions({
    queryKey: chatKeys.history(side),
    queryFn: ({ pageParam, signal }) => getChatHistory(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list[0]?.id : undefined),
    staleTime: 0,
  });
}

export function useChatHistory(enabled = true) {
  const { token } = useSession();
  return useInfiniteQuery({ ...getChatHistoryQueryOptions(token ? 'user' : 'visitor'), enabled });
}

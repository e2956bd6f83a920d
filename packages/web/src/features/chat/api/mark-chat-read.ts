import { chatUnreadSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { getToken } from '../../../lib/session/session-store';
import { chatHeaders } from './chat-headers';
import type { ChatPages } from './get-chat-history';
import { chatKeys } from './query-keys';

/** `POST /chat/read`: support's answers are read (the page shows them); answers the unread count left. */
export function markChatRead(): Promise<{ unread: number }> {
  return api.post('/chat/read', {}, { headers: chatHeaders(), schema: chatUnreadSchema });
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    meta: { silent: true },
    // The count the server answers replaces the cached one; nothing else about the thread changed.
    onSuccess: ({ unread }) =>
      queryClient.setQueryData<ChatPages>(chatKeys.history(getToken() ? 'user' : 'visitor'), (pages) =>
        pages ? { ...pages, pages: pages.pages.map((page, index) => (index === 0 ? { ...page, unread } : page)) } : pages,
      ),
  });
}

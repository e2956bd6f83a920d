import type { ChatMessage } from '@tradewind/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ChatEvent, getQuoteStream } from '../../../api/realtime/quote-stream';
import { useSession } from '../../../lib/session/use-session';
import type { ChatPages } from '../api/get-chat-history';
import { chatKeys } from '../api/query-keys';
import { visitorToken } from '../utils/visitor-token';

/** The newest page with the pushed line appended once (it may also come back from the send call). */
function withMessage(pages: ChatPages, message: ChatMessage, unread: number): ChatPages {
  const [newest, ...older] = pages.pages;
  if (!newest || pages.pages.some((page) => page.list.some((m) => m.id === message.id))) return pages;
  return {
    ...pages,
    pages: [{ ...newest, conversationId: message.conversationId, status: 'open', unread, list: [...newest.list, message] }, ...older],
  };
}

/**
 * Keeps the open chat live over the app's websocket: on the user's private channel when signed in,
 * on the visitor channel (by the visitor token) otherwise. Pushed lines go straight into the cache.
 */
export function useChatStream(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();

  useEffect(() => {
    const stream = getQuoteStream();
    const side = token ? 'user' : 'visitor';
    const key = chatKeys.history(side);
    const apply = (event: ChatEvent) => {
      if (event.type === 'chatClosed') {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      const cached = queryClient.getQueryData<ChatPages>(key);
      if (cached) queryClient.setQueryData<ChatPages>(key, withMessage(cached, event.message, event.unread));
      else void queryClient.invalidateQueries({ queryKey: key });
    };
    if (token) {
      stream.setAuthToken(token);
      return stream.subscribePrivate((event) => {
        if (event.type === 'chat' || event.type === 'chatClosed') apply(event);
        // Back after a drop: lines may have arrived meanwhile.
        else if (event.type === 'authenticated' && event.reconnected) void queryClient.invalidateQueries({ queryKey: key });
      });
    }
    return stream.subscribeVisitor(visitorToken(), (event) => {
      if (event.type === 'joined') void queryClient.invalidateQueries({ queryKey: key });
      else apply(event);
    });
  }, [queryClient, token]);
}

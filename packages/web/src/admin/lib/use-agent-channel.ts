import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getQuoteStream } from '../../api/realtime/quote-stream';
import { useSession } from '../../lib/session/use-session';
import { refreshChatConsole } from '../api/chat-query-keys';

/**
 * The agent console's live feed: the server pushes `agentChat` to signed-in admins' sockets; each
 * push refreshes the lists and the open thread (whose new lines are then marked read).
 */
export function useAgentChannel(): void {
  const queryClient = useQueryClient();
  const { token } = useSession();

  useEffect(() => {
    if (!token) return undefined;
    const stream = getQuoteStream();
    stream.setAuthToken(token);
    return stream.subscribePrivate((event) => {
      // Back after a drop, changes may have been missed as well.
      if (event.type === 'agentChat' || (event.type === 'authenticated' && event.reconnected)) void refreshChatConsole(queryClient);
    });
  }, [queryClient, token]);
}

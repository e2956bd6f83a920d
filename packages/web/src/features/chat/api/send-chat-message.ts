import { type ChatMessage, type ChatSendBody, chatMessageSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { getToken } from '../../../lib/session/session-store';
import { chatHeaders } from './chat-headers';
import { chatKeys } from './query-keys';

/** `POST /chat/send`: text, an image the caller uploaded, or both; opens a conversation when none is open. */
export function sendChatMessage(body: ChatSendBody): Promise<ChatMessage> {
  return api.post('/chat/send', body, { headers: chatHeaders(), schema: chatMessageSchema });
}

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.history(getToken() ? 'user' : 'visitor') }),
  });
}

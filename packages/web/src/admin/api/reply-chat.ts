import { type ChatMessage, chatMessageSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { refreshChatConsole } from './chat-query-keys';

/** `POST /admin/chat/conversations/{id}/reply`: the answer reaches the customer live; audited. */
export function replyChat({ id, text }: { id: number; text: string }): Promise<ChatMessage> {
  return api.post(`/admin/chat/conversations/${id}/reply`, { text }, { schema: chatMessageSchema, forbiddenIsRefusal: true });
}

export function useReplyChat() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replyChat, meta: { silent: true }, onSuccess: () => refreshChatConsole(queryClient) });
}

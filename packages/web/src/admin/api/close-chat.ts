import { type AgentConversation, agentConversationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { refreshChatConsole } from './chat-query-keys';

/** `POST /admin/chat/conversations/{id}/close`: the customer’s next line opens a new conversation; audited. */
export function closeChat(id: number): Promise<AgentConversation> {
  return api.post(`/admin/chat/conversations/${id}/close`, {}, { schema: agentConversationSchema, forbiddenIsRefusal: true });
}

export function useCloseChat() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeChat, meta: { silent: true }, onSuccess: () => refreshChatConsole(queryClient) });
}

import { type AgentConversation, agentConversationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { refreshChatConsole } from './chat-query-keys';

/** `POST /admin/chat/conversations/{id}/read`: the customer’s lines are read by support. */
export function readChat(id: number): Promise<AgentConversation> {
  return api.post(`/admin/chat/conversations/${id}/read`, {}, { schema: agentConversationSchema, forbiddenIsRefusal: true });
}

export function useReadChat() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: readChat, meta: { silent: true }, onSuccess: () => refreshChatConsole(queryClient) });
}

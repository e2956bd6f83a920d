import { type AgentConversation, type ChatStatus, agentConversationSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { chatConsoleKeys } from './chat-query-keys';

/** `GET /admin/chat/conversations`: open (or closed) conversations, latest activity first, with unread counts. */
export function getChatConversations(status: ChatStatus, signal?: AbortSignal): Promise<AgentConversation[]> {
  return api.get('/admin/chat/conversations', { query: { status }, schema: z.array(agentConversationSchema), signal, forbiddenIsRefusal: true });
}

export function getChatConversationsQueryOptions(status: ChatStatus) {
  return queryOptions({ queryKey: chatConsoleKeys.list(status), queryFn: ({ signal }) => getChatConversations(status, signal) });
}

export function useChatConversations(status: ChatStatus) {
  return useQuery(getChatConversationsQueryOptions(status));
}

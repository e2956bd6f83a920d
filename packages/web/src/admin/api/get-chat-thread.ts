import { type AgentHistory, agentHistorySchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { chatConsoleKeys } from './chat-query-keys';

const THREAD_PAGE_SIZE = 100;

/** `GET /admin/chat/conversations/{id}/messages`: the conversation and its latest messages, oldest first. */
export function getChatThread(id: number, signal?: AbortSignal): Promise<AgentHistory> {
  return api.get(`/admin/chat/conversations/${id}/messages`, { query: { pageSize: THREAD_PAGE_SIZE }, schema: agentHistorySchema, signal, forbiddenIsRefusal: true });
}

export function getChatThreadQueryOptions(id: number) {
  return queryOptions({ queryKey: chatConsoleKeys.thread(id), queryFn: ({ signal }) => getChatThread(id, signal) });
}

export function useChatThread(id: number | null) {
  return useQuery({ ...getChatThreadQueryOptions(id ?? 0), enabled: id !== null });
}

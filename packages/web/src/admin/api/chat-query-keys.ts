import type { ChatStatus } from '@tradewind/contract';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './query-keys';

/** The agent console's reads, under the back office's root key. */
export const chatConsoleKeys = {
  all: [...adminKeys.all, 'chat'] as const,
  list: (status: ChatStatus) => [...adminKeys.all, 'chat', 'list', status] as const,
  thread: (id: number) => [...adminKeys.all, 'chat', 'thread', id] as const,
};

/** After an agent's action or a pushed change: the lists and threads read again. */
export function refreshChatConsole(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: chatConsoleKeys.all });
}

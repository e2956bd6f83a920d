import { type InboxMessage, inboxMessageSchema } from '@tradewind/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/client';
import { unreadCountQueryKey } from '../../../api/inbox/unread-count';
import { inboxKeys } from './query-keys';

/** `GET /userMessage/{id}`: one message; the server marks it read as it answers (SPEC §4). */
export function getMessage(id: number, signal?: AbortSignal): Promise<InboxMessage> {
  return api.get(`/userMessage/${id}`, { schema: inboxMessageSchema, signal });
}

export function getMessageQueryOptions(id: number) {
  return queryOptions({ queryKey: inboxKeys.message(id), queryFn: ({ signal }) => getMessage(id, signal) });
}

/** The message, and once it has been read, the list (dots and unread count) and the tab badge read again. */
export function useMessage(id: number | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...getMessageQueryOptions(id ?? 0), enabled: id !== null });
  const opened = query.data?.id;
  useEffect(() => {
    if (opened === undefined) return;
    void queryClient.invalidateQueries({ queryKey: inboxKeys.list });
    void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
  }, [opened, queryClient]);
  return query;
}

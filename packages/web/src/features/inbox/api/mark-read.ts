import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { inboxKeys } from './query-keys';

const answerSchema = z.object({ unread: z.number().int() });

/** `POST /userMessage/updateRead`: marks one message (`id`) or, without an id, every message read. */
export function markRead(id?: number): Promise<{ unread: number }> {
  return api.post('/userMessage/updateRead', id === undefined ? {} : { id }, { schema: answerSchema });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

import { type AdminSendMessageBody, adminSendMessageResultSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys } from './query-keys';

/** `POST /admin/messages`: an inbox message to one user or to every user (audited, pushed live). */
export function sendMessage(body: AdminSendMessageBody) {
  return api.post('/admin/messages', body, { schema: adminSendMessageResultSchema, forbiddenIsRefusal: true });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
  });
}

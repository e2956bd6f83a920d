import { type ChatHistory, chatHistorySchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { forgetVisitorToken } from '../utils/visitor-token';
import { chatKeys } from './query-keys';

/** `POST /chat/claim`: after login, the conversation this browser had as a visitor becomes the user's. */
export function claimChat(visitorToken: string): Promise<ChatHistory> {
  return api.post('/chat/claim', { visitorToken }, { schema: chatHistorySchema });
}

export function useClaimChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimChat,
    meta: { silent: true },
    onSuccess: () => {
      forgetVisitorToken();
      queryClient.removeQueries({ queryKey: chatKeys.history('visitor') });
      void queryClient.invalidateQueries({ queryKey: chatKeys.history('user') });
    },
  });
}

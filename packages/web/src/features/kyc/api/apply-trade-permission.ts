import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';

const answerSchema = z.object({ tradePermission: z.number().int() });

/** `POST /api/user/userSet/applyStatus`: applies for trading permission; answers the status after applying. */
export function applyTradePermission(): Promise<{ tradePermission: number }> {
  return api.post('/api/user/userSet/applyStatus', {}, { schema: answerSchema });
}

export function useApplyTradePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyTradePermission,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

import { PermissionKind } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';

const answerSchema = z.object({ status: z.number().int() });

/** `POST /userCenter/apply/service {type: 'blockTrade'}`: applies for block trading; staff review it. */
export function applyBlockTrade(): Promise<{ status: number }> {
  return api.post('/userCenter/apply/service', { type: PermissionKind.BlockTrade }, { schema: answerSchema });
}

export function useApplyBlockTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBlockTrade,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

import { type Follow, followSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';
import { myFollowsQueryKey } from './get-my-follows';

export interface FollowRequest {
  agencyId: number;
  /** The amount as typed (SPEC §5: at most 2 decimals); the server reads it exactly. */
  amount: string;
}

/** `POST /userFollowInvest/add`: freezes the amount in the FOLLOW wallet; a retry with the same key places one follow. */
export function addFollow(request: FollowRequest, idempotencyKey: string): Promise<Follow> {
  return api.post('/userFollowInvest/add', request, { schema: followSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useAddFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: FollowRequest; idempotencyKey: string }) => addFollow(request, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myFollowsQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
    meta: { silent: true },
  });
}

import { type Withdrawal, withdrawalSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { fundsQueryKey } from '../../../lib/trading/query-keys';

export interface WithdrawalRequest {
  /** Decimal text with at most 2 decimals. */
  amount: string;
  cardId: number;
  payPassword: string;
  /** A fresh authenticator code, when two-factor sign-in is on. */
  totpCode?: string;
}

/** `POST /withdrawal/withdrawal-apply`: to a saved method, approved by the pay password; the amount is frozen until reviewed. */
export function applyWithdrawal(request: WithdrawalRequest, idempotencyKey: string): Promise<Withdrawal> {
  return api.post('/withdrawal/withdrawal-apply', request, { schema: withdrawalSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useApplyWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: WithdrawalRequest; idempotencyKey: string }) => applyWithdrawal(request, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundsQueryKey }),
    // "Set a transaction password first" may mean the stored user is stale: read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

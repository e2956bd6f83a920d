import { type Withdrawal, withdrawalSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { fundsQueryKey } from '../../../lib/trading/query-keys';
import type { MethodBody } from './add-payment-method';

export interface OtherWithdrawalRequest {
  amount: string;
  payPassword: string;
  /** A fresh authenticator code, when two-factor sign-in is on. */
  totpCode?: string;
  /** A destination entered now, not saved: a bank account or a wallet. */
  method: MethodBody;
}

/** `POST /withdrawal/other-withdrawal-apply`: to a destination typed for this withdrawal only. */
export function applyOtherWithdrawal(request: OtherWithdrawalRequest, idempotencyKey: string): Promise<Withdrawal> {
  return api.post('/withdrawal/other-withdrawal-apply', request, { schema: withdrawalSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useApplyOtherWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: OtherWithdrawalRequest; idempotencyKey: string }) =>
      applyOtherWithdrawal(request, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundsQueryKey }),
    onError: () => void queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

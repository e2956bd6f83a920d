import { type Deposit, depositSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundingKeys } from './query-keys';

export interface DepositRequest {
  channelId: number;
  /** Decimal text with at most 2 decimals, as typed: the contract reads it exactly. */
  amount: string;
  /** The private URL of the uploaded payment screenshot. */
  credentialUrl: string;
}

/** `POST /recharge/create`: reports a payment with its screenshot; nothing is credited until staff approve it. */
export function createDeposit(request: DepositRequest, idempotencyKey: string): Promise<Deposit> {
  return api.post('/recharge/create', request, { schema: depositSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: DepositRequest; idempotencyKey: string }) => createDeposit(request, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundingKeys.deposits }),
  });
}

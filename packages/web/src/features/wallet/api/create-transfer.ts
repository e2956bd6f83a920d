import { type Currency, type Transfer, type WalletType, transferSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey } from '../../../lib/trading/query-keys';

export interface TransferRequest {
  fromWallet: WalletType;
  toWallet: WalletType;
  /** Decimal text with at most 2 decimals, as typed: the contract reads it exactly. */
  amount: string;
  currency: Currency;
}

/** Moves money between the user's wallets: pending (and cancellable) until it settles at the quoted rate. */
export function createTransfer(request: TransferRequest, idempotencyKey: string): Promise<Transfer> {
  return api.post('/wallet/transfer', request, { schema: transferSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: TransferRequest; idempotencyKey: string }) => createTransfer(request, idempotencyKey),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundsQueryKey }),
  });
}

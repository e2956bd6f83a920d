import { type Currency, type WalletType, walletBalanceSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

export interface CreditInput {
  userId: number;
  walletType: WalletType;
  currency: Currency;
  /** Decimal text as typed (at most 2 decimals); the server turns it into exact minor units. */
  amount: string;
  reason: string;
}

/** `POST /admin/users/{id}/credit`: a manual, audited credit; answers the wallet's new balance. */
export function creditUser({ userId, ...body }: CreditInput) {
  return api.post(`/admin/users/${userId}/credit`, body, { schema: walletBalanceSchema, forbiddenIsRefusal: true });
}

export function useCreditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditUser,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.users),
  });
}

import { type Currency, type WalletType, adminCorrectionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

export interface CorrectionInput {
  userId: number;
  walletType: WalletType;
  currency: Currency;
  direction: 'credit' | 'debit';
  /** Decimal text as typed (at most 2 decimals); the server turns it into exact minor units. */
  amount: string;
  reason: string;
}

/** `POST /admin/users/{id}/correction`: a new, audited ledger entry carrying the reason; answers its id. */
export function correctUser({ userId, ...body }: CorrectionInput) {
  return api.post(`/admin/users/${userId}/correction`, body, { schema: adminCorrectionSchema, forbiddenIsRefusal: true });
}

export function useCorrectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctUser,
    meta: { silent: true },
    onSuccess: () => refreshAfterAction(queryClient, adminKeys.users),
  });
}

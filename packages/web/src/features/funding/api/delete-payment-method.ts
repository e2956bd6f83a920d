import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { fundingKeys } from './query-keys';

/** `POST /UserAccount/delete-card`: removes a saved method (past withdrawals keep what was chosen then). */
export async function deletePaymentMethod(id: number): Promise<void> {
  await api.post('/UserAccount/delete-card', { id }, { schema: ignoredData });
}

export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePaymentMethod,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundingKeys.paymentMethods }),
  });
}

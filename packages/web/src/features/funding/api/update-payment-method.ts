import { type PaymentMethod, paymentMethodSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { MethodBody } from './add-payment-method';
import { fundingKeys } from './query-keys';

/** `POST /UserAccount/UpdateCardNo`: replaces a saved method's details (SPEC §7: with its id). */
export function updatePaymentMethod({ id, body }: { id: number; body: MethodBody }): Promise<PaymentMethod> {
  return api.post('/UserAccount/UpdateCardNo', { id, ...body }, { schema: paymentMethodSchema });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundingKeys.paymentMethods }),
  });
}

import { type PaymentMethod, paymentMethodSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundingKeys } from './query-keys';

export type MethodBody =
  | { kind: 'bank'; bankName: string; accountName: string; cardNumber: string }
  | { kind: 'crypto'; currencyType: string; network: string; address: string };

/** `POST /UserAccount/addCardNo`: saves a bank card or a wallet (the server checks the address per network too). */
export function addPaymentMethod(body: MethodBody): Promise<PaymentMethod> {
  return api.post('/UserAccount/addCardNo', body, { schema: paymentMethodSchema });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: fundingKeys.paymentMethods }),
  });
}

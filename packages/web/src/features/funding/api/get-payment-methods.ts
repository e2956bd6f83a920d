import { type PaymentMethod, paymentMethodSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { fundingKeys } from './query-keys';

/**
 * `POST /UserAccount/SelectCardNo`: saved bank cards (numbers masked) and wallets. SPEC §8 lists the
 * card list among the reads that swallow failures: a failure reads as no cards (a transport failure
 * was already toasted by the client); only an abort still rejects.
 */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethod[]> {
  try {
    return await api.post('/UserAccount/SelectCardNo', {}, { schema: z.array(paymentMethodSchema), signal });
  } catch (error) {
    if (isApiError(error) && (error.kind === 'aborted' || error.kind === 'session-expired')) throw error;
    return [];
  }
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({ queryKey: fundingKeys.paymentMethods, queryFn: ({ signal }) => getPaymentMethods(signal) });
}

export function usePaymentMethods() {
  const { token } = useSession();
  return useQuery({ ...getPaymentMethodsQueryOptions(), enabled: token !== null });
}

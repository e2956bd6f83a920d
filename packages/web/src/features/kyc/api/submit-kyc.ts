import { type KycApplication, kycApplicationSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { kycKeys } from './query-keys';

export interface KycRequest {
  firstName: string;
  lastName: string;
  /** Two-letter country code. */
  country: string;
  documentType: 'idcard' | 'passport';
  documentNumber: string;
  frontUrl: string;
  /** Required for an ID card, absent for a passport. */
  backUrl?: string;
}

/** `POST /updateReal`: submits identity data with the uploaded document images; under review until staff decide. */
export function submitKyc(request: KycRequest): Promise<KycApplication> {
  return api.post('/updateReal', request, { schema: kycApplicationSchema });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    // The user's kycStatus turns "under review": every screen showing it reads it again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
  });
}

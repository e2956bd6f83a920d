import type { ResetPasswordBody } from '@tradewind/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';

export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await api.post('/resetPassword', body, { schema: ignoredData });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

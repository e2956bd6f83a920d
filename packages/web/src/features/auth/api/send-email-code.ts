import type { GetEmailCodeBody } from '@tradewind/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';

/** Mails a 6-digit code for registering or resetting (DESIGN §11: data is null). */
export async function sendEmailCode(body: GetEmailCodeBody): Promise<void> {
  await api.post('/getEmailCode', body, { schema: ignoredData });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}

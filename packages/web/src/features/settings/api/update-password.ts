import type { UpdatePasswordBody } from '@tradewind/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';

/** The server revokes the user's other sessions; this one stays valid (DESIGN §9). */
export async function updatePassword(body: UpdatePasswordBody): Promise<void> {
  await api.post('/updatePassword', body, { schema: ignoredData });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}

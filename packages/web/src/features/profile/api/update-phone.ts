import type { UpdatePhoneBody, User } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { userInfoQueryKey } from '../../../api/session/get-user-info';
import { saveUser } from '../../../lib/session/session-store';

/** Sets the profile's phone number (with its country code) or removes it with ''; answers the updated user. */
export async function updatePhone(body: UpdatePhoneBody): Promise<User> {
  return api.post('/userCenter/phone', body, { schema: () => import('../../../lib/session/stored-user-check').then((schemas) => schemas.userSchema) });
}

export function useUpdatePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhone,
    onSuccess: (user) => {
      saveUser(user);
      queryClient.setQueryData(userInfoQueryKey, user);
    },
  });
}

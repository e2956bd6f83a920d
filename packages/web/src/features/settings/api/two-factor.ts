import { twoFactorRecoveryCodesSchema, twoFactorSetupSchema, type TwoFactorRecoveryCodes, type TwoFactorSetup } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { twoFactorStatusQueryKey } from '../../../api/session/two-factor-status';

/** `POST /userCenter/twoFactor/setup`: a new secret and its otpauth URI; nothing is on until confirmed. */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return api.post('/userCenter/twoFactor/setup', {}, { schema: twoFactorSetupSchema });
}

/** `POST /userCenter/twoFactor/confirm`: the first code turns it on; answers the recovery codes, shown once. */
export function confirmTwoFactor(code: string): Promise<TwoFactorRecoveryCodes> {
  return api.post('/userCenter/twoFactor/confirm', { code }, { schema: twoFactorRecoveryCodesSchema });
}

/** `POST /userCenter/twoFactor/disable`: the password and a code (or a recovery code). */
export function disableTwoFactor(body: { password: string; code?: string; recoveryCode?: string }): Promise<unknown> {
  return api.post('/userCenter/twoFactor/disable', body, { schema: ignoredData });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmTwoFactor, onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }) });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }) });
}

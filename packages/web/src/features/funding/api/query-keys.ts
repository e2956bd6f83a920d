import { fundsQueryKey } from '../../../lib/trading/query-keys';

/*
 * Query keys of deposits, withdrawals and payment methods. Money reads sit under the shared funds
 * root, so a balance push, a transfer or a withdrawal refreshes them with everything else.
 */
export const fundingKeys = {
  channels: ['deposit-channels'] as const,
  deposits: [...fundsQueryKey, 'deposits'] as const,
  withdrawals: [...fundsQueryKey, 'withdrawals'] as const,
  usableWithdrawal: [...fundsQueryKey, 'usable-withdrawal'] as const,
  paymentMethods: ['payment-methods'] as const,
};

import type { QueryClient } from '@tanstack/react-query';

/** Every back-office read lives under `['admin', …]`; each queue has its own root to invalidate. */
export const adminKeys = {
  all: ['admin'] as const,
  deposits: ['admin', 'deposits'] as const,
  depositChannels: ['admin', 'deposit-channels'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  kyc: ['admin', 'kyc'] as const,
  permissions: ['admin', 'permissions'] as const,
  users: ['admin', 'users'] as const,
  outbox: ['admin', 'outbox'] as const,
  audit: ['admin', 'audit'] as const,
};

/**
 * After an action: the queue it came from refreshes (and with it the dashboard count, which reads the
 * same key), the audit log gains a row, and user detail may show new balances or statuses.
 */
export async function refreshAfterAction(queryClient: QueryClient, queueKey: readonly string[]): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queueKey }),
    queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
    queueKey === adminKeys.users ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  ]);
}

/** Paging and the status filter of the review queues (SPEC §4: 1 pending, 2 failed, 3 passed). */
export interface QueueParams {
  status?: 1 | 2 | 3 | undefined;
  pageNum: number;
  pageSize: number;
}

import { fundsQueryKey } from '../../lib/trading/query-keys';

// Under the funds root, so every invalidation of money (a fill, a transfer, a `balance` push) refreshes them too.
export const buyingPowerQueryKey = [...fundsQueryKey, 'buying-power'] as const;
export const fundingPlanQueryKey = [...fundsQueryKey, 'funding-plan'] as const;

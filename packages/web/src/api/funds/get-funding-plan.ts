import { type FundingPlan, type WalletType, fundingPlanSchema } from '@tradewind/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';
import { fundingPlanQueryKey } from './buying-power-keys';

/** Which other wallets could send `amount` (in the target wallet's currency) to `toWallet`, at today's rate. */
export function getFundingPlan(toWallet: WalletType, amount: string, signal?: AbortSignal): Promise<FundingPlan> {
  return api.post('/wallet/fundingPlan', { toWallet, amount }, { schema: fundingPlanSchema, signal });
}

/** `amount` as decimal text with two decimals (it is part of the key: a new shortfall asks again). */
export function useFundingPlan(toWallet: WalletType, amount: string | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...fundingPlanQueryKey, toWallet, amount],
    queryFn: ({ signal }) => getFundingPlan(toWallet, amount ?? '0', signal),
    enabled: token !== null && amount !== undefined,
    // The shortfall moves with every tick: keep showing the last plan while the next one loads.
    placeholderData: keepPreviousData,
  });
}

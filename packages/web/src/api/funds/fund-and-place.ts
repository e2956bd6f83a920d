import { type Currency, type FundAndPlaceResult, type WalletType, fundAndPlaceSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { fundsQueryKey, positionsQueryKey, restingOrdersQueryKey, tradeHistoryQueryKey } from '../../lib/trading/query-keys';

/** What the moved money pays for: the body of that create call (`/stock/create`, `/twStock/create`, `/gold/create`, `/NewShares/create`, `/userFollowInvest/add`). */
export interface FundAction {
  kind: 'stock' | 'twStock' | 'gold' | 'ipo' | 'follow';
  body: Record<string, unknown>;
}

export interface FundAndPlaceRequest {
  transfer: { fromWallet: WalletType; currency: Currency; amount: string; idempotencyKey: string };
  action: FundAction & { idempotencyKey: string };
}

/** The transfer (settled at once) and the action in one server transaction: both happen, or neither. */
export function fundAndPlace(request: FundAndPlaceRequest): Promise<FundAndPlaceResult> {
  return api.post('/wallet/fundAndPlace', request, { schema: fundAndPlaceSchema, forbiddenIsRefusal: true });
}

/** The caller shows the refusal itself (it says where the money is), so the global toast stays quiet. */
export function useFundAndPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundAndPlace,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: restingOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
    meta: { silent: true },
  });
}

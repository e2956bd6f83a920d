import { type Position, positionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { positionsQueryKey } from '../../../lib/trading/query-keys';

export interface TpSlRequest {
  id: number;
  /** A price, or null to clear the level. */
  takeProfit: number | null;
  stopLoss: number | null;
}

/** Sets, moves or clears the take-profit and stop-loss of an open position. */
export function setTpSl(request: TpSlRequest): Promise<Position> {
  return api.post('/position/setTpSl', request, { schema: positionSchema });
}

export function useSetTpSl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTpSl,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: positionsQueryKey }),
  });
}

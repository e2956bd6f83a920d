import { type Position, positionSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey, positionsQueryKey } from '../../../lib/trading/query-keys';

export interface AddMarginRequest {
  id: number;
  /** Decimal text with at most 2 decimals, as typed (the contract reads it exactly). */
  amount: string;
  idempotencyKey: string;
}

/** Moves more money from the wallet into a position's isolated margin, further from liquidation. */
export function addMargin({ id, amount, idempotencyKey }: AddMarginRequest): Promise<Position> {
  return api.post('/position/addPositionMargin', { id, amount }, { schema: positionSchema, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useAddMargin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMargin,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
  });
}

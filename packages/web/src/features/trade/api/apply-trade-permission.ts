import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

/** SPEC §4 review status: 3 means trading is allowed; anything else is still under review. */
export const TRADE_PERMISSION_APPROVED = 3;

const applyStatusSchema = z.object({ tradePermission: z.number().int() });

/** Applies for trading permission; answers the status after applying (approved at once on a default server). */
export function applyTradePermission(): Promise<{ tradePermission: number }> {
  return api.post('/api/user/userSet/applyStatus', {}, { schema: applyStatusSchema });
}

export function useApplyTradePermission() {
  return useMutation({ mutationFn: applyTradePermission });
}

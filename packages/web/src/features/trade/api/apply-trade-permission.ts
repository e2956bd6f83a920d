import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

/** SPEC §4 review status of the trading permission: 1 under review, 3 granted (0 none, 2 refused). */
export const TRADE_PERMISSION_PENDING = 1;
export const TRADE_PERMISSION_APPROVED = 3;

const applyStatusSchema = z.object({ tradePermission: z.number().int() });

/** Applies for trading permission; answers the status after applying (approved at once on a default server). */
export function applyTradePermission(): Promise<{ tradePermission: number }> {
  return api.post('/api/user/userSet/applyStatus', {}, { schema: applyStatusSchema });
}

export function useApplyTradePermission() {
  return useMutation({ mutationFn: applyTradePermission });
}

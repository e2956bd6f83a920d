import { AssetSource, type Order, type TimeInForce, orderSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { fundsQueryKey, positionsQueryKey, restingOrdersQueryKey, tradeHistoryQueryKey } from '../../../lib/trading/query-keys';

export interface OrderRequest {
  code: string;
  name: string;
  source: number;
  market?: string;
  /** 0 buy-up, 1 buy-down. */
  direction: 0 | 1;
  /** 0 market, 1 limit, 2 stop, 3 stop-limit. */
  orderType: 0 | 1 | 2 | 3;
  /** The limit price of a limit or stop-limit order; the others send none. */
  price?: number;
  /** The trigger of a stop or stop-limit order. */
  triggerPrice?: number;
  quantity: number;
  leverage: number;
  /** Set on the position when the order fills. */
  takeProfit?: number;
  stopLoss?: number;
  /** Futures: the contract month (e.g. ZCH27); the front month when omitted. */
  contract?: string;
  /** Limit, stop and stop-limit orders: DAY or GTC; a market order sends none. */
  timeInForce?: TimeInForce;
}

/** SPEC §7: the create path by asset source; futures send `goldCode` and `goldName`. */
export function orderCall(order: OrderRequest): { path: string; body: Record<string, unknown> } {
  const fields = {
    direction: order.direction,
    orderType: order.orderType,
    ...((order.orderType === 1 || order.orderType === 3) && order.price !== undefined ? { price: order.price } : {}),
    ...((order.orderType === 2 || order.orderType === 3) && order.triggerPrice !== undefined ? { triggerPrice: order.triggerPrice } : {}),
    quantity: order.quantity,
    leverage: order.leverage,
    ...(order.takeProfit !== undefined ? { takeProfit: order.takeProfit } : {}),
    ...(order.stopLoss !== undefined ? { stopLoss: order.stopLoss } : {}),
    ...(order.orderType !== 0 && order.timeInForce !== undefined ? { timeInForce: order.timeInForce } : {}),
  };
  if (order.source === AssetSource.Future) {
    return { path: '/gold/create', body: { goldCode: order.code, goldName: order.name, ...(order.contract ? { contract: order.contract } : {}), ...fields } };
  }
  const instrument = { stockCode: order.code, ...(order.market ? { market: order.market } : {}), source: order.source };
  if (order.source === AssetSource.TwStock) return { path: '/twStock/create', body: { ...instrument, ...fields } };
  return { path: '/stock/create', body: { ...instrument, ...fields } };
}

/**
 * Places an order. The key makes a retry of the same submission harmless (the server answers it
 * with the first order); a 403 here means no trading permission yet, not an expired session.
 */
export function createOrder(order: OrderRequest, idempotencyKey: string): Promise<Order> {
  const { path, body } = orderCall(order);
  return api.post(path, body, { schema: orderSchema, headers: { 'Idempotency-Key': idempotencyKey }, forbiddenIsRefusal: true });
}

/** The order page shows its own errors (a missing permission offers to apply), so the global toast stays quiet. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, idempotencyKey }: { order: OrderRequest; idempotencyKey: string }) => createOrder(order, idempotencyKey),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: positionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: restingOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: tradeHistoryQueryKey });
      void queryClient.invalidateQueries({ queryKey: fundsQueryKey });
    },
    meta: { silent: true },
  });
}

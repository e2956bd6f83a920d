import { halfOrFullSchema } from '@tradewind/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type HalfOrFull = z.infer<typeof halfOrFullSchema>;

export interface HalfOrFullParams {
  stockCode: string;
  source: number;
  market?: string;
  direction: 0 | 1;
  leverage: number;
  /** A limit price; without it the server sizes at its current ask or bid. */
  price?: number;
}

/** The largest quantity the wallet's available funds open at this leverage, and half of it. */
export function getHalfOrFull(params: HalfOrFullParams, signal?: AbortSignal): Promise<HalfOrFull> {
  const { market, price, ...rest } = params;
  return api.post('/position/getHalfOrFullNum', { ...rest, ...(market ? { market } : {}), ...(price ? { price } : {}) }, { schema: halfOrFullSchema, signal });
}

export function getHalfOrFullQueryOptions(params: HalfOrFullParams) {
  return queryOptions({
    queryKey: ['half-or-full', params],
    queryFn: ({ signal }) => getHalfOrFull(params, signal),
    // Prices and balances move: every tap asks afresh.
    staleTime: 0,
  });
}

/** Asked when Half or Full is tapped, not on render: returns the function that asks. */
export function useHalfOrFull() {
  const queryClient = useQueryClient();
  return useCallback((params: HalfOrFullParams) => queryClient.fetchQuery(getHalfOrFullQueryOptions(params)), [queryClient]);
}

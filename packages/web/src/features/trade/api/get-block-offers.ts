import { type BlockOffer, blockOfferSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

export const blockOffersQueryKey = ['block-offers'] as const;

/** `GET /blockTrade/list`: the blocks the desk publishes, newest first, open and closed. */
export function getBlockOffers(signal?: AbortSignal): Promise<BlockOffer[]> {
  return api.get('/blockTrade/list', { schema: z.array(blockOfferSchema), signal });
}

export function getBlockOffersQueryOptions() {
  return queryOptions({ queryKey: blockOffersQueryKey, queryFn: ({ signal }) => getBlockOffers(signal) });
}

export function useBlockOffers() {
  return useQuery(getBlockOffersQueryOptions());
}

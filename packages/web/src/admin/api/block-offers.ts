import { type AdminBlockOffer, type BlockOffer, adminBlockOfferSchema, blockOfferSchema } from '@tradewind/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { adminKeys, refreshAfterAction } from './query-keys';

export const adminBlockOffersKey = [...adminKeys.all, 'block-offers'] as const;

/** `GET /admin/block-offers`: every offer (withdrawn ones too) with who took it. */
export function getBlockOffers(signal?: AbortSignal): Promise<AdminBlockOffer[]> {
  return api.get('/admin/block-offers', { schema: z.array(adminBlockOfferSchema), signal, forbiddenIsRefusal: true });
}

export function useBlockOffers() {
  // Users buy while staff look elsewhere: coming back to the page reads the takers afresh.
  return useQuery({ ...queryOptions({ queryKey: adminBlockOffersKey, queryFn: ({ signal }) => getBlockOffers(signal) }), refetchOnMount: 'always' });
}

export interface NewBlockOffer {
  stockCode: string;
  price: number;
  minQuantity: number;
  totalQuantity: number;
  hours: number;
}

export interface BlockOfferChange {
  price?: number;
  minQuantity?: number;
  remainingQuantity?: number;
  hours?: number;
}

/** `POST /admin/block-offers` (publish) or `POST /admin/block-offers/{id}` (edit an open offer). */
export function saveBlockOffer(input: { id: number; change: BlockOfferChange } | { offer: NewBlockOffer }): Promise<AdminBlockOffer | BlockOffer> {
  return 'offer' in input
    ? api.post('/admin/block-offers', input.offer, { schema: blockOfferSchema, forbiddenIsRefusal: true })
    : api.post(`/admin/block-offers/${input.id}`, input.change, { schema: adminBlockOfferSchema, forbiddenIsRefusal: true });
}

/** `POST /admin/block-offers/{id}/withdraw`. */
export function withdrawBlockOffer(id: number): Promise<AdminBlockOffer> {
  return api.post(`/admin/block-offers/${id}/withdraw`, {}, { schema: adminBlockOfferSchema, forbiddenIsRefusal: true });
}

export function useSaveBlockOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBlockOffer, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminBlockOffersKey) });
}

export function useWithdrawBlockOffer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawBlockOffer, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminBlockOffersKey) });
}

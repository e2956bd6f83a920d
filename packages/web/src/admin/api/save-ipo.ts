import { type AdminIpo, adminIpoSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { adminIposKey } from './get-ipos';
import { refreshAfterAction } from './query-keys';

/** The terms as the form sends them: price as typed decimal text, dates in Unix seconds. */
export interface IpoTerms {
  name?: string | undefined;
  price: string;
  lotSize: number;
  sharesOffered: number;
  prospectusDate: number;
  purchaseStartDate: number;
  purchaseEndDate: number;
  listDate: number;
}

/** `POST /admin/ipos` (new, with its stock) or `POST /admin/ipos/{id}` (edit before the purchase ends). */
export function saveIpo(input: { id?: number | undefined; stockCode?: string | undefined; terms: IpoTerms }): Promise<AdminIpo> {
  const { id, stockCode, terms } = input;
  return id === undefined
    ? api.post('/admin/ipos', { stockCode, ...terms }, { schema: adminIpoSchema, forbiddenIsRefusal: true })
    : api.post(`/admin/ipos/${id}`, terms, { schema: adminIpoSchema, forbiddenIsRefusal: true });
}

/** `POST /admin/ipos/{id}/allot`: runs a due allotment now (the server's timer would shortly). */
export function allotIpo(id: number): Promise<AdminIpo> {
  return api.post(`/admin/ipos/${id}/allot`, {}, { schema: adminIpoSchema, forbiddenIsRefusal: true });
}

export function useSaveIpo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveIpo, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminIposKey) });
}

export function useAllotIpo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: allotIpo, meta: { silent: true }, onSuccess: () => refreshAfterAction(queryClient, adminIposKey) });
}

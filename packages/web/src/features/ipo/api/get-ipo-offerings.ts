import { type IpoOffering, ipoOfferingSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';

export const ipoOfferingsQueryKey = ['ipo-offerings'] as const;

/** `GET /m_ft/webull/new/stock`: every IPO on one page (SPEC §7), open ones and past ones. */
export function getIpoOfferings(signal?: AbortSignal): Promise<IpoOffering[]> {
  return api.get('/m_ft/webull/new/stock', { schema: z.array(ipoOfferingSchema), signal });
}

export function getIpoOfferingsQueryOptions() {
  return queryOptions({ queryKey: ipoOfferingsQueryKey, queryFn: ({ signal }) => getIpoOfferings(signal) });
}

export function useIpoOfferings() {
  return useQuery(getIpoOfferingsQueryOptions());
}

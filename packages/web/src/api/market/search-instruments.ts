import { type Page, type QuoteItem, pageSchema, quoteItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { quotesQueryKey } from './query-keys';

/* `/m_ft/all_stock_list`: the search page, and the Market tab's forex list (source 2). */

export interface SearchParams {
  keyword?: string;
  source?: number;
  pageNum?: number;
  pageSize?: number;
}

const quotePageSchema = pageSchema(quoteItemSchema);

export function searchInstruments(params: SearchParams, signal?: AbortSignal, requestId?: string): Promise<Page<QuoteItem>> {
  return api.get('/m_ft/all_stock_list', {
    schema: quotePageSchema,
    query: {
      keyword: params.keyword ?? '',
      source: params.source,
      pageNum: params.pageNum ?? 1,
      pageSize: params.pageSize ?? 20,
    },
    signal,
    ...(requestId ? { requestId } : {}),
  });
}

export function searchInstrumentsQueryKey(params: SearchParams) {
  return [...quotesQueryKey, 'all-stock-list', params.keyword ?? '', params.source ?? null, params.pageNum ?? 1, params.pageSize ?? 20] as const;
}

/** `requestId`: a newer search with the same id aborts one still on its way (SPEC §7, search-as-you-type). */
export function getSearchInstrumentsQueryOptions(params: SearchParams, requestId?: string) {
  return queryOptions({
    queryKey: searchInstrumentsQueryKey(params),
    queryFn: ({ signal }) => searchInstruments(params, signal, requestId),
  });
}

export function useSearchInstruments(params: SearchParams, options: { enabled?: boolean; requestId?: string } = {}) {
  return useQuery({
    ...getSearchInstrumentsQueryOptions(params, options.requestId),
    enabled: options.enabled ?? true,
    // Results of the previous keyword stay until the new ones arrive: no flash of skeleton per letter.
    placeholderData: (previous) => previous,
  });
}

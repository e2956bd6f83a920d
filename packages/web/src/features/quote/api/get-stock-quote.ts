import { type QuoteItem, quoteItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { InstrumentRef } from '../../../api/market/instrument';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** One instrument's quote item (`/quotes/getStock`): the index and forex pages' header. */
export function getStockQuote(ref: InstrumentRef, signal?: AbortSignal): Promise<QuoteItem> {
  return api.get('/quotes/getStock', {
    schema: quoteItemSchema,
    query: { stockCode: ref.code, market: ref.market, source: ref.source },
    signal,
  });
}

export function getStockQuoteQueryOptions(ref: InstrumentRef) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'get-stock', ref.source, ref.code, ref.market ?? null],
    queryFn: ({ signal }) => getStockQuote(ref, signal),
  });
}

export function useStockQuote(ref: InstrumentRef) {
  return useQuery(getStockQuoteQueryOptions(ref));
}

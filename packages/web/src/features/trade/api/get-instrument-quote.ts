import { type QuoteItem, quoteItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { InstrumentRef } from '../../../api/market/instrument';
import { quotesQueryKey } from '../../../api/market/query-keys';

/** The instrument's quote item (`/quotes/getStock`): the order page's live header and its currency. */
export function getInstrumentQuote(ref: Pick<InstrumentRef, 'code' | 'source' | 'market'>, signal?: AbortSignal): Promise<QuoteItem> {
  return api.get('/quotes/getStock', {
    schema: quoteItemSchema,
    query: { stockCode: ref.code, market: ref.market, source: ref.source },
    signal,
  });
}

export function getInstrumentQuoteQueryOptions(ref: Pick<InstrumentRef, 'code' | 'source' | 'market'>) {
  return queryOptions({
    queryKey: [...quotesQueryKey, 'get-stock', ref.source, ref.code, ref.market ?? null],
    queryFn: ({ signal }) => getInstrumentQuote(ref, signal),
  });
}

export function useInstrumentQuote(ref: Pick<InstrumentRef, 'code' | 'source' | 'market'>, enabled = true) {
  return useQuery({ ...getInstrumentQuoteQueryOptions(ref), enabled, retry: false });
}

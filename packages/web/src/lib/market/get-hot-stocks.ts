import { type QuoteItem, quoteItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../api/client';
import { quotesQueryKey } from './query-keys';

/* Shared by the Home list and the search page's trending list. */

export function getHotStocks(signal?: AbortSignal): Promise<QuoteItem[]> {
  return api.get('/m_ft/hot_stock', { schema: z.array(quoteItemSchema), signal });
}

export function getHotStocksQueryOptions() {
  return queryOptions({ queryKey: [...quotesQueryKey, 'hot-stock'], queryFn: ({ signal }) => getHotStocks(signal) });
}

export function useHotStocks() {
  return useQuery(getHotStocksQueryOptions());
}

import { type QuoteItem, quoteItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET /quotes/getStock`: the instrument a robot would trade, with its live price to place the grid around. */
export function getRobotQuote(code: string, signal?: AbortSignal): Promise<QuoteItem> {
  return api.get('/quotes/getStock', { schema: quoteItemSchema, query: { stockCode: code }, signal });
}

export function getRobotQuoteQueryOptions(code: string) {
  return queryOptions({ queryKey: ['robot-quote', code], queryFn: ({ signal }) => getRobotQuote(code, signal) });
}

export function useRobotQuote(code: string) {
  return useQuery({ ...getRobotQuoteQueryOptions(code), enabled: code.length > 0, retry: false });
}

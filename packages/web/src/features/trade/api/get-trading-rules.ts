import { type TradingRules, tradingRulesSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Minimum quantity, step, leverage limit, fee rate and minimum, multiplier and currency of an instrument. */
export function getTradingRules(source: number, stockCode: string, signal?: AbortSignal): Promise<TradingRules> {
  return api.post('/stocka_config/getMinCount', { source, stockCode }, { schema: tradingRulesSchema, signal });
}

export function getTradingRulesQueryOptions(source: number, stockCode: string) {
  return queryOptions({
    queryKey: ['trading-rules', source, stockCode],
    queryFn: ({ signal }) => getTradingRules(source, stockCode, signal),
    // Settings of the server: they change with a restart at most.
    staleTime: 10 * 60_000,
  });
}

export function useTradingRules(source: number, stockCode: string) {
  return useQuery(getTradingRulesQueryOptions(source, stockCode));
}

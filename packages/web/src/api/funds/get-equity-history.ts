import { type EquityHistory, type EquityRange, equityHistorySchema } from '@tradewind/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';
import { fundsQueryKey } from '../../lib/trading/query-keys';

/**
 * The account value over a range, from the daily snapshots, today's live value last (issue 20).
 * Shown on Account and on the Trade tab, so it lives here; under the funds key, so whatever
 * refreshes the user's money refreshes it too.
 */
export function getEquityHistory(range: EquityRange, signal?: AbortSignal): Promise<EquityHistory> {
  return api.get('/account/equityHistory', { query: { range }, schema: equityHistorySchema, signal });
}

export const equityHistoryQueryKey = (range: EquityRange) => [...fundsQueryKey, 'equity-history', range] as const;

export function useEquityHistory(range: EquityRange) {
  const { token } = useSession();
  return useQuery({
    queryKey: equityHistoryQueryKey(range),
    queryFn: ({ signal }) => getEquityHistory(range, signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

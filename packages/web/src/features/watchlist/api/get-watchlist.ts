import { type WatchlistItem, watchlistItemSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { watchlistQueryKey } from '../../../api/market/query-keys';
import { useSession } from '../../../lib/session/use-session';

/** The signed-in user's watchlist, in the user's order. */
export function getWatchlist(signal?: AbortSignal): Promise<WatchlistItem[]> {
  return api.get('/userSelfSecurity/selectSelfSelectionStocksData', { schema: z.array(watchlistItemSchema), signal });
}

export function getWatchlistQueryOptions() {
  return queryOptions({ queryKey: [...watchlistQueryKey, 'list'], queryFn: ({ signal }) => getWatchlist(signal) });
}

/** Idle for visitors: the call needs a session. */
export function useWatchlist() {
  const { token } = useSession();
  return useQuery({ ...getWatchlistQueryOptions(), enabled: token !== null });
}

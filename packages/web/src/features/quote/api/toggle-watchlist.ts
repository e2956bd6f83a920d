import { type Classify, type WatchlistToggle, watchlistToggleSchema } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { quotesQueryKey, watchlistQueryKey } from '../../../api/market/query-keys';

export interface WatchlistToggleBody {
  classify: Classify;
  /** The asset source (SPEC §7 names it assettype). */
  assettype: number;
  securityName: string;
  secuCode: string;
  market: string;
}

/** SPEC §4: adds the instrument when it is not watched, removes it when it is. */
export function toggleWatchlist(body: WatchlistToggleBody): Promise<WatchlistToggle> {
  return api.post('/userSelfSecurity/save', body, { schema: watchlistToggleSchema });
}

/**
 * A failed toggle shows the server's message (SPEC §8) through the shared mutation toast. Success
 * refreshes the watchlist and every quote read, whose `selfSelectStatus` changed.
 */
export function useToggleWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleWatchlist,
    onSuccess: () => {
      // Not awaited: the star flips at once, the lists catch up behind it.
      void queryClient.invalidateQueries({ queryKey: watchlistQueryKey });
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
    },
  });
}

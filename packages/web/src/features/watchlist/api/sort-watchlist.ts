import type { WatchlistItem } from '@tradewind/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { api, ignoredData } from '../../../api/client';
import { quotesQueryKey } from '../../../api/market/query-keys';
import { getWatchlistQueryOptions } from './get-watchlist';

/** Saves the whole order: every id, first to last. A newer order aborts one still on its way. */
export async function sortWatchlist(ids: readonly number[]): Promise<void> {
  await api.post('/userSelfSecurity/sort', { ids }, { schema: ignoredData, requestId: 'watchlist-sort' });
}

/** The list shows the new order at once; a failure puts the server's order back. */
export function useSortWatchlist() {
  const queryClient = useQueryClient();
  const listKey = getWatchlistQueryOptions().queryKey;
  return useMutation({
    mutationFn: sortWatchlist,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<WatchlistItem[]>(listKey);
      if (previous) {
        const byId = new Map(previous.map((item) => [item.id, item]));
        const reordered = ids.map((id) => byId.get(id)).filter((item): item is WatchlistItem => item !== undefined);
        queryClient.setQueryData(listKey, reordered);
      }
      return { previous };
    },
    onError: (error, _ids, context) => {
      // A newer order replaced this one: nothing to undo.
      if (isApiError(error) && error.kind === 'aborted') return;
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...quotesQueryKey, 'home-custom-list'] });
    },
  });
}

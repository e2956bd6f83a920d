import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ignoredData } from '../../../api/client';
import { quotesQueryKey, watchlistQueryKey } from '../../../api/market/query-keys';

export async function deleteWatchlistItem(id: number): Promise<void> {
  await api.post(`/userSelfSecurity/delete/${id}`, {}, { schema: ignoredData });
}

/** Removes entries by id, several at once when asked; then the watchlist and quotes refresh. */
export function useDeleteWatchlistItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      await Promise.all(ids.map((id) => deleteWatchlistItem(id)));
    },
    onSettled: () => {
      // Also after a partial failure: some entries may be gone.
      void queryClient.invalidateQueries({ queryKey: watchlistQueryKey });
      void queryClient.invalidateQueries({ queryKey: quotesQueryKey });
    },
  });
}

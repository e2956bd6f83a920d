import type { QuoteItem } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { quotesQueryKey } from '../../../api/market/query-keys';
import { useSession } from '../../../lib/session/use-session';

/** The user's watchlist when signed in, a default set for visitors (the server decides by the token). */
export function getHomeCustomList(signal?: AbortSignal): Promise<QuoteItem[]> {
  return api.get('/m_ft/home_custom_list', { schema: () => import('../../../api/market/quote-schemas').then((schemas) => schemas.quoteItemsSchema), signal });
}

export function getHomeCustomListQueryOptions(signedIn: boolean) {
  return queryOptions({
    // Signed in or not answers differently: two cache entries.
    queryKey: [...quotesQueryKey, 'home-custom-list', signedIn],
    queryFn: ({ signal }) => getHomeCustomList(signal),
  });
}

export function useHomeCustomList() {
  const { token } = useSession();
  return useQuery(getHomeCustomListQueryOptions(token !== null));
}

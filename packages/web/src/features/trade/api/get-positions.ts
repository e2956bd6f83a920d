import { type Position, positionSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../api/client';
import { getQuoteStream } from '../../../api/realtime/quote-stream';
import { useSession } from '../../../lib/session/use-session';
import { positionsQueryKey } from '../../../lib/trading/query-keys';

/** Without the private channel's pushes, open positions are re-read this often so their profit still moves. */
export const POSITIONS_POLL_MS = 5000;

/** Open positions with live profit (`/position/me`); every source unless one is named. */
export function getPositions(source: number | undefined, signal?: AbortSignal): Promise<Position[]> {
  return api.post('/position/me', source === undefined ? {} : { source }, { schema: z.array(positionSchema), signal });
}

export function getPositionsQueryOptions(source?: number) {
  return queryOptions({
    queryKey: [...positionsQueryKey, 'me', source ?? 'all'],
    queryFn: ({ signal }) => getPositions(source, signal),
    // Position events patch this list; it is fresh as long as they arrive.
    refetchInterval: () => (getQuoteStream().isAuthenticated() ? false : POSITIONS_POLL_MS),
  });
}

export function usePositions(source?: number) {
  const { token } = useSession();
  return useQuery({ ...getPositionsQueryOptions(source), enabled: token !== null });
}

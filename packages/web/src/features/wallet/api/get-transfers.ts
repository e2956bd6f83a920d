import { type Page, type Transfer, TransferStatus, pageSchema, transferSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useSession } from '../../../lib/session/use-session';
import { transfersQueryKey } from '../../../lib/trading/query-keys';

export const RECENT_TRANSFERS = 20;
/** While a transfer is pending the list is re-read this often, so it turns settled on its own. */
export const PENDING_POLL_MS = 3000;

/** The user's transfers, newest first. */
export function getTransfers(pageNum: number, signal?: AbortSignal): Promise<Page<Transfer>> {
  return api.post('/wallet/transferList', { pageNum, pageSize: RECENT_TRANSFERS }, { schema: pageSchema(transferSchema), signal });
}

export function getTransfersQueryOptions() {
  return queryOptions({
    queryKey: [...transfersQueryKey, 'recent'],
    queryFn: ({ signal }) => getTransfers(1, signal),
    refetchInterval: (query) => (query.state.data?.list.some((transfer) => transfer.status === TransferStatus.Pending) ? PENDING_POLL_MS : false),
  });
}

export function useRecentTransfers() {
  const { token } = useSession();
  return useQuery({ ...getTransfersQueryOptions(), enabled: token !== null });
}

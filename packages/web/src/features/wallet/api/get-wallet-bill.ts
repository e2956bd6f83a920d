import { type Page, type WalletBillItem, type WalletType, pageSchema, walletBillItemSchema } from '@tradewind/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { nextPageParam } from '../../../api/market/paging';
import { useSession } from '../../../lib/session/use-session';
import { walletBillQueryKey } from '../../../lib/trading/query-keys';

export const BILL_PAGE_SIZE = 20;

/** The browser's IANA time zone, sent so the server's `createTime` is in the user's own time. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every posting on the user's wallets (one wallet's when named), newest first, page by page. */
export function getWalletBill(params: { walletType?: WalletType; pageNum: number }, signal?: AbortSignal): Promise<Page<WalletBillItem>> {
  return api.post(
    '/wallet/getWalletBill',
    { timeZone: browserTimeZone(), ...(params.walletType ? { walletType: params.walletType } : {}), pageNum: params.pageNum, pageSize: BILL_PAGE_SIZE },
    { schema: pageSchema(walletBillItemSchema), signal },
  );
}

export function getWalletBillQueryOptions(walletType: WalletType | undefined) {
  return infiniteQueryOptions({
    queryKey: [...walletBillQueryKey, walletType ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWalletBill({ walletType, pageNum: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useWalletBill(walletType: WalletType | undefined) {
  const { token } = useSession();
  return useInfiniteQuery({ ...getWalletBillQueryOptions(walletType), enabled: token !== null });
}

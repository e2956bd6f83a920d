import { type Currency, type WalletBalance, type WalletType, walletBalanceSchema } from '@tradewind/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { useSession } from '../../lib/session/use-session';
import { walletBalanceQueryKey } from '../../lib/trading/query-keys';

/** One wallet's balance, available and frozen (`balance` pushes on the private channel patch it). */
export function getWalletBalance(walletType: WalletType, currency: Currency | undefined, signal?: AbortSignal): Promise<WalletBalance> {
  return api.post('/wallet/getWalletBalance', { walletType, ...(currency ? { currency } : {}) }, { schema: walletBalanceSchema, signal });
}

export function getWalletBalanceQueryOptions(walletType: WalletType, currency: Currency) {
  return queryOptions({
    queryKey: [...walletBalanceQueryKey, walletType, currency],
    queryFn: ({ signal }) => getWalletBalance(walletType, currency, signal),
  });
}

export function useWalletBalance(walletType: WalletType, currency: Currency) {
  const { token } = useSession();
  return useQuery({ ...getWalletBalanceQueryOptions(walletType, currency), enabled: token !== null });
}

/*
 * Query-key roots of the signed-in user's trading and money. The private channel (orders, positions,
 * balances pushed over /ws) patches and invalidates through them, so no feature imports another to
 * refresh what it shows.
 */

/** Open positions, in every list that holds them (`/position/me`, `/position/getByStock`): `Position[]`. */
export const positionsQueryKey = ['positions'] as const;

/** Resting limit orders (`/position/consignList`). */
export const restingOrdersQueryKey = ['resting-orders'] as const;

/** Order history and closed positions. */
export const tradeHistoryQueryKey = ['trade-history'] as const;

/** Everything about money: the funding overview, wallet balances, the bill and transfers. */
export const fundsQueryKey = ['funds'] as const;
export const fundingOverviewQueryKey = [...fundsQueryKey, 'overview'] as const;
/** One wallet's balance, under `[...walletBalanceQueryKey, walletType, currency]`. */
export const walletBalanceQueryKey = [...fundsQueryKey, 'wallet-balance'] as const;
export const walletOverviewQueryKey = [...fundsQueryKey, 'wallets'] as const;
export const walletBillQueryKey = [...fundsQueryKey, 'bill'] as const;
export const transfersQueryKey = [...fundsQueryKey, 'transfers'] as const;

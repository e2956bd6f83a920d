/** Code sets of SPEC §3 and §4. They travel as numbers (or strings for wallet types) on the wire. */

export const AssetSource = {
  Stock: 0,
  Forex: 2,
  Future: 3,
  BlockTrade: 4,
  IPO: 5,
  TwStock: 7,
  GlobalIndex: 99,
} as const;
export type AssetSource = (typeof AssetSource)[keyof typeof AssetSource];
export const assetSources = Object.values(AssetSource);

export const WalletType = {
  BALANCE: 'BALANCE',
  FOLLOW: 'FOLLOW',
  FUTURE: 'FUTURE',
  STOCK: 'STOCK',
  SUBSCRIPTION: 'SUBSCRIPTION',
  FOREX: 'FOREX',
  TW: 'TW',
} as const;
export type WalletType = (typeof WalletType)[keyof typeof WalletType];
export const walletTypes = Object.values(WalletType);

export const OrderDirection = { Buy: 0, Sell: 1 } as const;
export type OrderDirection = (typeof OrderDirection)[keyof typeof OrderDirection];

export const OrderType = { Market: 0, Limit: 1 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

export const OpenClose = { Open: 0, Close: 1 } as const;
export type OpenClose = (typeof OpenClose)[keyof typeof OpenClose];

/** SPEC §4: 0 and 3 both read "in progress". */
export const OrderStatus = { InProgress: 0, Success: 1, Cancelled: 2, Pending: 3 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ReviewStatus = { Pending: 1, Failed: 2, Passed: 3 } as const;
export type ReviewStatus = (typeof ReviewStatus)[keyof typeof ReviewStatus];

export const KycStatus = { None: 0, Pending: 1, Failed: 2, Verified: 3 } as const;
export type KycStatus = (typeof KycStatus)[keyof typeof KycStatus];

/** The classify constant SPEC §7 sends on position and funding calls. */
export const CLASSIFY_US_STOCK = 'UsStock';

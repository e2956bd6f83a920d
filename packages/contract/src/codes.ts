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

/*
 * Sets of sources live here, beside the codes, and not beside the schemas that use them: a module
 * without zod lets the app's first paint use them without loading every market schema.
 */

/** Sources that carry quotes (block trades and IPOs trade instruments of these). */
export const quoteSources = [
  AssetSource.Stock,
  AssetSource.Forex,
  AssetSource.Future,
  AssetSource.TwStock,
  AssetSource.GlobalIndex,
] as const;
export type QuoteSource = (typeof quoteSources)[number];

/** Sources that open ordinary positions through the create calls (IPO and follow orders have their own flows). */
export const tradableSources = [AssetSource.Stock, AssetSource.Forex, AssetSource.Future, AssetSource.TwStock, AssetSource.GlobalIndex] as const;
export type TradableSource = (typeof tradableSources)[number];

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

/** 2 stop: a market order once the trigger is reached; 3 stop-limit: a resting limit order once it is. */
export const OrderType = { Market: 0, Limit: 1, Stop: 2, StopLimit: 3 } as const;
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

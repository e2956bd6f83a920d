import { AssetSource, WalletType } from '../codes.js';
import type { Currency } from '../money.js';

/** The wallet an asset source trades from, and its currency (block trades, IPOs and follows settle in the stock wallet's dollars). */
export function walletOfSource(source: number): { walletType: WalletType; currency: Currency } {
  switch (source) {
    case AssetSource.Future:
      return { walletType: WalletType.FUTURE, currency: 'USD' };
    case AssetSource.Forex:
      return { walletType: WalletType.FOREX, currency: 'USD' };
    case AssetSource.TwStock:
      return { walletType: WalletType.TW, currency: 'TWD' };
    default:
      return { walletType: WalletType.STOCK, currency: 'USD' };
  }
}

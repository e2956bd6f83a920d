import { AssetSource } from '@tradewind/contract';
import type { MarketDeps } from '../market.service.js';

/**
 * Units of `to` per unit of `from` at the live forex mid price, through USD when there is no
 * direct pair (EUR→TWD = EURUSD × USDTWD); null when a leg is missing.
 */
export function conversionRate(deps: MarketDeps, from: string, to: string): number | null {
  if (from === to) return 1;
  const direct = (a: string, b: string): number | null => {
    const pair = deps.catalog.get(AssetSource.Forex, `${a}${b}`);
    if (pair) return deps.feed.quote(pair).price;
    const inverse = deps.catalog.get(AssetSource.Forex, `${b}${a}`);
    return inverse ? 1 / deps.feed.quote(inverse).price : null;
  };
  const rate = direct(from, to);
  if (rate !== null) return rate;
  const viaUsd = direct(from, 'USD');
  const fromUsd = direct('USD', to);
  return viaUsd !== null && fromUsd !== null ? viaUsd * fromUsd : null;
}

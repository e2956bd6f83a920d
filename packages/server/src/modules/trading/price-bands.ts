import { OrderDirection } from '@tradewind/contract';
import type { PositionRow } from '../../db/schema.js';
import type { Instrument } from '../market/index.js';
import type { TradingDeps } from './trading-deps.js';
import { liquidationPriceOf, type Quote } from './trading-pricing.js';

/**
 * For one symbol, the exit prices between which none of its open positions is due: a long is due when the bid falls to
 * its liquidation price or stop-loss or rises to its take-profit, a short when the ask rises to its liquidation price or
 * stop-loss or falls to its take-profit. Worked out at one conversion rate, since liquidation prices depend on it.
 */
interface Band {
  instrument: Instrument;
  rate: number;
  /** A long is due at a bid at or below this, or at or above `longCeiling`. */
  longFloor: number;
  longCeiling: number;
  /** A short is due at an ask at or above this, or at or below `shortFloor`. */
  shortCeiling: number;
  shortFloor: number;
}

/**
 * Issue 22: the engine looked at every open position of a symbol on every tick of it. A tick whose bid and ask fall
 * inside the symbol's band needs no look at any position. The band is made by a full look and narrowed by every
 * position placed since; a position that leaves keeps it narrower than need be, which only costs the next full look.
 */
export class PriceBands {
  private readonly bands = new Map<string, Band>();

  /** True when no open position of `key` is due at this quote (its band was made at the quote's rate and instrument). */
  quiet(key: string, q: Quote, instrument: Instrument): boolean {
    const band = this.bands.get(key);
    if (!band || band.rate !== q.rate || band.instrument !== instrument) return false;
    return q.bid > band.longFloor && q.bid < band.longCeiling && q.ask < band.shortCeiling && q.ask > band.shortFloor;
  }

  /** A new band for `key` from all of its open positions, at this quote's rate. */
  remake(deps: Pick<TradingDeps, 'config'>, key: string, positions: Iterable<PositionRow>, q: Quote, instrument: Instrument): void {
    const band: Band = { instrument, rate: q.rate, longFloor: -Infinity, longCeiling: Infinity, shortCeiling: Infinity, shortFloor: -Infinity };
    for (const position of positions) narrow(deps, band, position);
    this.bands.set(key, band);
  }

  /** A position placed under `key` (opened, or changed: margin, take-profit, stop-loss) narrows its band. */
  place(deps: Pick<TradingDeps, 'config'>, key: string, position: PositionRow): void {
    const band = this.bands.get(key);
    if (band) narrow(deps, band, position);
  }

  clear(): void {
    this.bands.clear();
  }
}

function narrow(deps: Pick<TradingDeps, 'config'>, band: Band, position: PositionRow): void {
  const liquidation = liquidationPriceOf(deps, position, band.instrument, band.rate);
  const levels = (a: number | null, b: number | null) => [a, b].filter((level): level is number => level !== null);
  if (position.direction === OrderDirection.Buy) {
    band.longFloor = Math.max(band.longFloor, ...levels(liquidation, position.stopLoss));
    if (position.takeProfit !== null) band.longCeiling = Math.min(band.longCeiling, position.takeProfit);
  } else {
    band.shortCeiling = Math.min(band.shortCeiling, ...levels(liquidation, position.stopLoss));
    if (position.takeProfit !== null) band.shortFloor = Math.max(band.shortFloor, position.takeProfit);
  }
}

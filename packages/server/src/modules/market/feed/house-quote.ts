import { AssetSource } from '@tradewind/contract';
import type { Instrument } from '../catalog/instruments.js';
import { twTickSize } from '../catalog/taiwan-ticks.js';

/**
 * The house's quote (DESIGN §5: a disclosed market maker): a spread around the last price, buyers
 * pay the ask, sellers get the bid. Quote pages show it and orders fill at it, from this one place.
 */

/** Half the bid/ask spread as a fraction of price, per asset source (at least one price increment). */
const halfSpreads: Record<number, number> = {
  [AssetSource.Stock]: 0.0002,
  [AssetSource.GlobalIndex]: 0.0001,
  [AssetSource.Future]: 0,
  [AssetSource.Forex]: 0.00005,
  [AssetSource.TwStock]: 0.0005,
};

/** Block trades and any source without a row of its own quote as US stocks. */
export function halfSpreadOf(source: number): number {
  return halfSpreads[source] ?? halfSpreads[AssetSource.Stock]!;
}

/** The instrument's price increment at `price`: a future's tick, Taiwan's tick band, else one unit of the quoted precision (exactly 0.00001, where 10 ** -5 is 0.000009999999999999999). */
export function tickSizeOf(instrument: Instrument, price: number): number {
  return instrument.futures?.tickSize ?? (instrument.source === AssetSource.TwStock ? twTickSize(price) : Number(`1e-${instrument.precision}`));
}

/** Bid and ask around `price`, each on the instrument's price increments and rounded to its precision. */
export function bidAsk(instrument: Instrument, price: number, halfSpread: number): { bid: number; ask: number } {
  const increment = tickSizeOf(instrument, price);
  const half = Math.max(increment, Math.round((price * halfSpread) / increment) * increment);
  const round = (value: number) => Math.round(value / increment) * increment;
  const fix = (value: number) => Number(value.toFixed(Math.max(instrument.precision, 0)));
  return { bid: fix(Math.max(increment, round(price - half))), ask: fix(round(price + half)) };
}

/** The house's bid and ask for the instrument at `price`. */
export function houseBidAsk(instrument: Instrument, price: number): { bid: number; ask: number } {
  return bidAsk(instrument, price, halfSpreadOf(instrument.source));
}

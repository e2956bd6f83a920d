import { dec, floor, roundHalfUp, toInt, type DecimalInput } from './decimal.js';

/** An amount in minor units converted at `rate` (target per source unit), rounded DOWN: a conversion never credits a cent more than it took. */
export function convertMinor(amountMinor: number, rate: DecimalInput): number {
  return toInt(floor(dec(amountMinor).times(dec(rate))));
}

/**
 * What an amount in minor units is worth in another currency at `rate`, rounded half away from zero:
 * a valuation (buying power's totals), not a movement of money, so it may round up. Totals are sums of
 * these rounded parts, never a float sum of converted amounts.
 */
export function valueInMinor(amountMinor: number, rate: DecimalInput): number {
  return toInt(roundHalfUp(dec(amountMinor).times(dec(rate))));
}

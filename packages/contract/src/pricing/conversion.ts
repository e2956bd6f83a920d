import { dec, floor, toInt, type DecimalInput } from './decimal.js';

/** An amount in minor units converted at `rate` (target per source unit), rounded DOWN: a conversion never credits a cent more than it took. */
export function convertMinor(amountMinor: number, rate: DecimalInput): number {
  return toInt(floor(dec(amountMinor).times(dec(rate))));
}

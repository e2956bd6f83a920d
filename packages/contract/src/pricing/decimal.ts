import BigDefault, { type Big as BigValue } from 'big.js';

/*
 * Our own big.js constructor, so a setting changed elsewhere in the app cannot change our results.
 * Division keeps 40 decimals: far below any price tick or minor unit, and every result that leaves
 * this module is rounded explicitly with the rounding mode its quantity documents.
 */
export const Decimal = BigDefault();
Decimal.DP = 40;
Decimal.RM = Decimal.roundHalfUp;

export type Dec = BigValue;

/*
 * Division to whole units, truncated: for quotients that are rounded to an integer anyway. big.js's long division
 * costs per decimal it produces: with 40 of them marginRatio took 6.2 µs a call, 2.2 µs with this (issue 22), and
 * every open position of a listing, the account overview and the equity snapshot pass runs it.
 */
const Whole = BigDefault();
Whole.DP = 0;
Whole.RM = Whole.roundDown;

/** Minor units per major unit in every ledger currency (money.ts MINOR_UNITS; kept here so no zod loads). */
export const MINOR_UNITS = 100;

/** A number or a decimal string, as the wire, the database (NUMERIC reads as a string) or a form hands it over. */
export type DecimalInput = number | string | BigValue;

/**
 * The exact decimal of an input. A JS number is read through its shortest round-trip text
 * (`0.1` is 0.1, not 0.1000000000000000055…), which is what a person typed or the wire carried.
 */
export function dec(value: DecimalInput): BigValue {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return new Decimal(value);
  }
  return new Decimal(value);
}

/** Integer minor units as a JS number (exact up to 2^53, far above AMOUNT_MAX × 100). */
export const toInt = (value: BigValue): number => Number(value.toFixed(0));

export const roundHalfUp = (value: BigValue): BigValue => value.round(0, Decimal.roundHalfUp);
/** Rounds toward +∞ (big.js's roundUp rounds away from zero, so negative values are handled apart). */
export const ceil = (value: BigValue): BigValue => (value.lt(0) ? value.round(0, Decimal.roundDown) : value.round(0, Decimal.roundUp));
/** Rounds toward −∞. */
export const floor = (value: BigValue): BigValue => (value.lt(0) ? value.round(0, Decimal.roundUp) : value.round(0, Decimal.roundDown));

export const max = (a: BigValue, b: BigValue): BigValue => (a.gte(b) ? a : b);
export const min = (a: BigValue, b: BigValue): BigValue => (a.lte(b) ? a : b);

/** ⌊dividend ÷ divisor⌋, exactly (big.js throws on a zero divisor). */
export function floorDiv(dividend: BigValue, divisor: BigValue): BigValue {
  const truncated = new Decimal(new Whole(dividend).div(divisor));
  const exact = truncated.times(divisor).eq(dividend);
  // Truncation went toward zero: one below for a negative quotient that was not whole.
  return exact || dividend.lt(0) === divisor.lt(0) ? truncated : truncated.minus(1);
}

/** ⌈dividend ÷ divisor⌉, exactly. */
export const ceilDiv = (dividend: BigValue, divisor: BigValue): BigValue => floorDiv(dividend.times(-1), divisor).times(-1);

import { ceil, dec, floor, max, MINOR_UNITS, roundHalfUp, toInt, type Dec, type DecimalInput } from './decimal.js';

/*
 * The money of an order and of a position, decided by the server and previewed by the web with the
 * same functions (docs/ledger-and-trading.md, "Pricing module"). Every input is read as an exact
 * decimal; each money result is an integer of the wallet currency's minor units with ONE rounding
 * rule, named on the function that makes it:
 *
 *   notional  price × quantity × multiplier × rate × 100, rounded half up (a tie away from zero)
 *   margin    notional ÷ leverage, rounded UP (the house is never under-collateralised by a cent)
 *   fee       the larger of the minimum fee and notional × fee rate rounded half up
 *   P&L       (exit − open) × quantity × multiplier × rate × 100 × (+1 long, −1 short), rounded half up
 *
 * Margin and fee derive from the rounded notional, so anyone can recompute them from the figures shown.
 */

export interface OrderCostInput {
  /** Price in the instrument's currency. */
  price: DecimalInput;
  quantity: DecimalInput;
  /** Units one quantity step stands for (a share, a contract's size, 1,000 of a currency). */
  multiplier: DecimalInput;
  /** Wallet currency per unit of the instrument's currency. */
  rate: DecimalInput;
  leverage: DecimalInput;
  /** Fraction of notional charged at open and at close. */
  feeRate: DecimalInput;
  /** Minimum fee in the wallet currency's major units (TradingRules.minFee: 1 = $1.00). */
  minFee: DecimalInput;
}

export interface OrderCosts {
  notionalMinor: number;
  marginMinor: number;
  feeMinor: number;
  /** Margin plus fee: what leaves the available balance. */
  totalMinor: number;
}

/** The exact (unrounded) value of price × quantity × multiplier × rate in minor units. */
function exactValueMinor(price: DecimalInput, quantity: DecimalInput, multiplier: DecimalInput, rate: DecimalInput): Dec {
  return dec(price).times(dec(quantity)).times(dec(multiplier)).times(dec(rate)).times(MINOR_UNITS);
}

/** Notional in minor units: price × quantity × multiplier × rate × 100, rounded half up. */
export function notionalMinor(input: { price: DecimalInput; quantity: DecimalInput; multiplier: DecimalInput; rate: DecimalInput }): number {
  return toInt(roundHalfUp(exactValueMinor(input.price, input.quantity, input.multiplier, input.rate)));
}

/** Margin of a notional: notional ÷ leverage, rounded up to the minor unit. */
export function marginMinor(notional: number, leverage: DecimalInput): number {
  return toInt(ceil(dec(notional).div(dec(leverage))));
}

/** Fee on a notional: max(minimum fee, notional × fee rate rounded half up). */
export function feeMinor(notional: number, feeRate: DecimalInput, minFee: DecimalInput): number {
  return toInt(max(roundHalfUp(dec(minFee).times(MINOR_UNITS)), roundHalfUp(dec(notional).times(dec(feeRate)))));
}

/** Notional, margin, fee and their total for opening an order at `price`. */
export function orderCosts(input: OrderCostInput): OrderCosts {
  const notional = notionalMinor(input);
  const margin = marginMinor(notional, input.leverage);
  const fee = feeMinor(notional, input.feeRate, input.minFee);
  return { notionalMinor: notional, marginMinor: margin, feeMinor: fee, totalMinor: margin + fee };
}

export interface PnlInput {
  /** OrderDirection: 0 long (buy-up), 1 short (buy-down). */
  direction: number;
  openPrice: DecimalInput;
  /** The price the position would close at: the bid for a long, the ask for a short. */
  exitPrice: DecimalInput;
  quantity: DecimalInput;
  multiplier: DecimalInput;
  rate: DecimalInput;
}

const LONG = 0;

/** Floating (or realised) profit in minor units: (exit − open) × quantity × multiplier × rate × 100 × side, rounded half up. */
export function floatingPnlMinor(input: PnlInput): number {
  const move = dec(input.exitPrice).minus(dec(input.openPrice));
  const signed = input.direction === LONG ? move : move.times(-1);
  return toInt(roundHalfUp(exactValueMinor(signed, input.quantity, input.multiplier, input.rate)));
}

export interface CloseEstimateInput {
  direction: number;
  openPrice: DecimalInput;
  exitPrice: DecimalInput;
  /** The open quantity of the position and how much of it to close. */
  positionQuantity: number;
  quantity: number;
  /** The position's isolated margin, minor units. */
  marginMinor: number;
  multiplier: DecimalInput;
  rate: DecimalInput;
  feeRate: DecimalInput;
  minFee: DecimalInput;
  /** A follow's positions close without a commission. */
  feeFree?: boolean;
}

export interface CloseEstimate {
  /** Margin returned from the position: all of it on a full close, else its share rounded half up. */
  releasedMinor: number;
  /** Profit of the closed part before the fee, never a loss beyond the released margin (the house takes the rest). */
  pnlMinor: number;
  /** Fee charged, never more than what the close leaves. */
  feeMinor: number;
  /** Profit less fee: what the close adds to the realised result. */
  realisedMinor: number;
  /** Released margin plus realised: what returns to the wallet. */
  creditMinor: number;
}

/**
 * What closing `quantity` of a position at `exitPrice` books. The server's close posts exactly these
 * figures; the web's close page shows them before the user confirms.
 */
export function closeEstimate(input: CloseEstimateInput): CloseEstimate {
  const { positionQuantity, quantity } = input;
  if (!(quantity > 0) || quantity > positionQuantity) throw new RangeError(`cannot close ${quantity} of ${positionQuantity}`);
  const released = quantity === positionQuantity ? input.marginMinor : toInt(roundHalfUp(dec(input.marginMinor).times(quantity).div(positionQuantity)));
  const pnl = floatingPnlMinor({ ...input, quantity });
  const fee = input.feeFree ? 0 : feeMinor(notionalMinor({ price: input.exitPrice, quantity, multiplier: input.multiplier, rate: input.rate }), input.feeRate, input.minFee);
  const booked = Math.max(pnl, -released);
  const charged = Math.max(0, Math.min(fee, released + booked));
  return { releasedMinor: released, pnlMinor: booked, feeMinor: charged, realisedMinor: booked - charged, creditMinor: released + booked - charged };
}

export interface AffordableInput {
  price: DecimalInput;
  multiplier: DecimalInput;
  rate: DecimalInput;
  leverage: DecimalInput;
  feeRate: DecimalInput;
  minFee: DecimalInput;
  /** Quantity moves in whole steps of this size. */
  step: number;
  /** What may be spent, minor units. */
  budgetMinor: number;
}

/** The most quantity, in whole steps, whose margin and fee (orderCosts) fit in the budget; 0 when not even one step does. */
export function affordableQuantity(input: AffordableInput): number {
  const step = Math.max(1, input.step);
  if (!(input.budgetMinor > 0)) return 0;
  const perUnit = exactValueMinor(input.price, 1, input.multiplier, input.rate);
  if (perUnit.lte(0)) return 0;
  const fits = (quantity: number) => orderCosts({ ...input, quantity }).totalMinor <= input.budgetMinor;
  // The linear estimate (margin and a percentage fee per unit) is an upper bound up to rounding: step down from it.
  const perUnitCost = perUnit.div(dec(input.leverage)).plus(perUnit.times(dec(input.feeRate)));
  let steps = toInt(floor(dec(input.budgetMinor).div(perUnitCost).div(step)));
  while (steps > 0 && !fits(steps * step)) steps -= 1;
  // The estimate could only be short by rounding: one step up is checked too.
  while (fits((steps + 1) * step)) steps += 1;
  return steps * step;
}

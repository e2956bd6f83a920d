import { ceilDiv, dec, floorDiv, MINOR_UNITS, toInt, type DecimalInput } from './decimal.js';

/*
 * Isolated-margin risk of an open position (docs/ledger-and-trading.md, "Liquidation").
 *
 * The engine liquidates when equity = margin + floating P&L ≤ margin × maintenanceRatio
 * (LIQUIDATION_MARGIN_RATIO). Solving for the exit price P (bid for a long, ask for a short), with
 * U = quantity × multiplier × rate × 100 (minor units per unit of price):
 *
 *   long:  P ≤ open − margin × (1 − maintenanceRatio) ÷ U
 *   short: P ≥ open + margin × (1 − maintenanceRatio) ÷ U
 *
 * and rounds it to the tick grid on the side where the engine has certainly acted: a long's price UP
 * to the tick, a short's DOWN. The engine then liquidates when the exit price reaches that rounded
 * price, so the price shown is the price at which it happens (the rule moves by under one tick, in
 * the house's favour). Adding margin is the same call with the larger margin.
 */

export interface LiquidationInput {
  /** OrderDirection: 0 long (buy-up), 1 short (buy-down). */
  direction: number;
  openPrice: DecimalInput;
  quantity: DecimalInput;
  multiplier: DecimalInput;
  /** Wallet currency per unit of the instrument's currency, now. */
  rate: DecimalInput;
  /** The position's isolated margin, minor units. */
  marginMinor: number;
  /** Equity as a fraction of margin at which the engine liquidates (LIQUIDATION_MARGIN_RATIO). */
  maintenanceRatio: DecimalInput;
  /** The instrument's price increment. */
  tickSize: DecimalInput;
}

/** The exit price at which the engine liquidates the position, on the tick grid; null when no positive price reaches it. */
export function liquidationPrice(input: LiquidationInput): number | null {
  const perPrice = dec(input.quantity).times(dec(input.multiplier)).times(dec(input.rate)).times(MINOR_UNITS);
  const tick = dec(input.tickSize);
  if (perPrice.lte(0) || tick.lte(0)) return null;
  // P = open ∓ room ÷ U, counted in ticks: (open × U ∓ room) ÷ (U × tick), one exact division to whole ticks.
  const room = dec(input.marginMinor).times(dec(1).minus(dec(input.maintenanceRatio)));
  const long = input.direction === 0;
  const openScaled = dec(input.openPrice).times(perPrice);
  const exactScaled = long ? openScaled.minus(room) : openScaled.plus(room);
  if (exactScaled.lte(0)) return null;
  const perTick = perPrice.times(tick);
  const price = (long ? ceilDiv(exactScaled, perTick) : floorDiv(exactScaled, perTick)).times(tick);
  return price.gt(0) ? Number(price.toString()) : null;
}

/** Whether the engine liquidates a position whose liquidation price is `liquidation` at this exit price. */
export function liquidationReached(direction: number, exitPrice: DecimalInput, liquidation: number | null): boolean {
  if (liquidation === null) return false;
  // The engine asks this for every open position on every tick. Two finite numbers compare exactly as their decimals
  // do (each one's shortest decimal text, which `dec` reads, rounds back to it alone), so no decimal is built.
  if (typeof exitPrice === 'number' && Number.isFinite(exitPrice)) return direction === 0 ? exitPrice <= liquidation : exitPrice >= liquidation;
  return direction === 0 ? dec(exitPrice).lte(dec(liquidation)) : dec(exitPrice).gte(dec(liquidation));
}

/** What marginRatio answers when equity is zero or negative (the position is past liquidation). */
export const MARGIN_RATIO_CAP = 999.99;

/**
 * Margin ratio in percent (Binance's definition): maintenance margin ÷ equity × 100, where
 * maintenance margin = margin × maintenanceRatio and equity = margin + floating P&L. 100 % is the
 * liquidation level; lower is safer. Rounded DOWN to 2 decimals (so 100.00 is shown only once the
 * level is reached) and capped at MARGIN_RATIO_CAP, which is also the answer when equity ≤ 0.
 */
export function marginRatio(input: { marginMinor: number; floatingPnlMinor: number; maintenanceRatio: DecimalInput }): number {
  const equity = input.marginMinor + input.floatingPnlMinor;
  if (equity <= 0) return MARGIN_RATIO_CAP;
  // Hundredths of a percent, rounded down: one division to a whole number, exact.
  const hundredths = toInt(floorDiv(dec(input.marginMinor).times(dec(input.maintenanceRatio)).times(100 * 100), dec(equity)));
  return Math.min(MARGIN_RATIO_CAP, hundredths / 100);
}

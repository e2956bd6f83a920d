/** What one order costs on a given instrument, in the wallet's minor units (the trading engine's own rules). */
export interface CostModel {
  /** Units of the instrument per quantity step (a share, a contract's size, 1,000 of a currency). */
  multiplier: number;
  /** Instrument currency → wallet currency. */
  rate: number;
  feeRate: number;
  minFeeMinor: number;
  minCount: number;
  step: number;
  /** Taiwan: below a board lot any quantity (odd lot), from it whole lots only. */
  boardLot: number | null;
}

export const notionalMinor = (model: CostModel, price: number, quantity: number) => price * quantity * model.multiplier * model.rate * 100;

export const feeMinor = (model: CostModel, notional: number) => Math.max(model.minFeeMinor, Math.round(notional * model.feeRate));

/**
 * The largest quantity whose margin (unlevered: the whole notional) plus fee fits in `spend`, on
 * the instrument's quantity steps; null when not even the minimum quantity fits.
 */
export function buyQuantity(model: CostModel, spend: number, ask: number): { quantity: number; cost: number } | null {
  const unit = notionalMinor(model, ask, model.step);
  if (!(unit > 0)) return null;
  const lot = model.boardLot;
  const tradable = (q: number) => (lot !== null && q >= lot ? Math.floor(q / lot) * lot : q);
  let quantity = tradable(Math.floor(spend / unit) * model.step);
  const costOf = (q: number) => {
    const notional = notionalMinor(model, ask, q);
    return Math.ceil(notional) + feeMinor(model, notional);
  };
  while (quantity >= model.minCount && costOf(quantity) > spend) quantity = tradable(quantity - (lot !== null && quantity >= lot ? lot : model.step));
  return quantity >= model.minCount ? { quantity, cost: costOf(quantity) } : null;
}

import { OrderDirection, dec, feeMinor as fee, floatingPnlMinor, notionalMinor as notional, orderCosts } from '@tradewind/contract';

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

/** The contract's pricing rules (what the trading engine charges), with the minimum fee in major units. */
const minFeeOf = (model: CostModel) => dec(model.minFeeMinor).div(100);

/** Notional in minor units (the contract's notionalMinor: rounded half up). */
export const notionalMinor = (model: CostModel, price: number, quantity: number) => notional({ price, quantity, multiplier: model.multiplier, rate: model.rate });

export const feeMinor = (model: CostModel, notional: number) => fee(notional, model.feeRate, minFeeOf(model));

/** Profit of a long lot closed at `exit` (the contract's floatingPnlMinor). */
export const longPnlMinor = (model: CostModel, openPrice: number, exit: number, quantity: number) =>
  floatingPnlMinor({ direction: OrderDirection.Buy, openPrice, exitPrice: exit, quantity, multiplier: model.multiplier, rate: model.rate });

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
  // Unlevered: the margin is the whole notional (orderCosts at leverage 1, as the engine books it).
  const costOf = (q: number) =>
    orderCosts({ price: ask, quantity: q, multiplier: model.multiplier, rate: model.rate, leverage: 1, feeRate: model.feeRate, minFee: minFeeOf(model) }).totalMinor;
  while (quantity >= model.minCount && costOf(quantity) > spend) quantity = tradable(quantity - (lot !== null && quantity >= lot ? lot : model.step));
  return quantity >= model.minCount ? { quantity, cost: costOf(quantity) } : null;
}

/*
 * The money of an order as the server computes it (docs/ledger-and-trading.md): notional in the
 * wallet currency, margin = notional / leverage (rounded up to the cent), fee = the larger of the
 * minimum fee and notional × fee rate. The preview uses the last price; the fill is at the house's
 * ask (buy-up) or bid (buy-down), so the real figures differ by the spread.
 */

export interface OrderCostInput {
  /** Price in the instrument's currency. */
  price: number;
  quantity: number;
  /** Units one quantity step stands for (a share, a contract's size, 1,000 of a currency). */
  multiplier: number;
  /** Wallet currency per unit of the instrument's currency. */
  rate: number;
  leverage: number;
  feeRate: number;
  minFee: number;
}

export interface OrderCosts {
  notional: number;
  margin: number;
  fee: number;
  /** Margin plus fee: what leaves the available balance. */
  total: number;
}

const positive = (n: number) => Number.isFinite(n) && n > 0;

/** The costs of an order, or undefined while an input is missing or not a positive number. */
export function orderCosts(input: OrderCostInput): OrderCosts | undefined {
  const { price, quantity, multiplier, rate, leverage, feeRate, minFee } = input;
  if (![price, quantity, multiplier, rate, leverage].every(positive)) return undefined;
  const notionalCents = price * quantity * multiplier * rate * 100;
  const marginCents = Math.ceil(Math.round(notionalCents * 1e6) / 1e6 / leverage);
  const feeCents = Math.max(Math.round(minFee * 100), Math.round(notionalCents * feeRate));
  return {
    notional: Math.round(notionalCents) / 100,
    margin: marginCents / 100,
    fee: feeCents / 100,
    total: (marginCents + feeCents) / 100,
  };
}

const LEVERAGE_STEPS = [1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 500] as const;

/** The leverage chips for a maximum: the usual steps up to it, and the maximum itself. */
export function leverageChoices(max: number): number[] {
  const top = Math.max(1, Math.floor(max));
  const choices: number[] = LEVERAGE_STEPS.filter((step) => step <= top);
  if (!choices.includes(top)) choices.push(top);
  return choices;
}

/** Half of a quantity in whole steps (0 when half is less than one step). */
export function halfQuantity(quantity: number, step: number): number {
  const unit = Math.max(1, step);
  return Math.floor(quantity / 2 / unit) * unit;
}

export interface CloseEstimateInput {
  /** The position's open quantity, isolated margin and floating profit (wallet currency). */
  positionNum: number;
  margin: number;
  profit: number;
  nowPrice: number;
  /** How much of it to close. */
  quantity: number;
  multiplier: number;
  rate: number;
  feeRate: number;
  minFee: number;
}

export interface CloseEstimate {
  /** Profit of the closed part before the fee. */
  profit: number;
  fee: number;
  /** Profit less fee: what the close adds to the realised result. */
  realised: number;
  /** Released margin plus realised: what returns to the wallet. */
  proceeds: number;
}

/**
 * What closing part of a position would realise now: its share of the floating profit, less the
 * closing fee. A loss never exceeds the released margin (the house takes the rest), as on the server.
 */
export function closeEstimate(input: CloseEstimateInput): CloseEstimate | undefined {
  const { positionNum, margin, profit, nowPrice, quantity, multiplier, rate, feeRate, minFee } = input;
  if (!positive(positionNum) || !positive(quantity) || quantity > positionNum) return undefined;
  const share = quantity / positionNum;
  const released = quantity === positionNum ? Math.round(margin * 100) : Math.round(margin * 100 * share);
  const pnl = Math.round(profit * 100 * share);
  const notionalCents = positive(nowPrice * multiplier * rate) ? nowPrice * quantity * multiplier * rate * 100 : 0;
  const fee = Math.max(Math.round(minFee * 100), Math.round(notionalCents * feeRate));
  const booked = Math.max(pnl, -released);
  const charged = Math.max(0, Math.min(fee, released + booked));
  return {
    profit: booked / 100,
    fee: charged / 100,
    realised: (booked - charged) / 100,
    proceeds: (released + booked - charged) / 100,
  };
}

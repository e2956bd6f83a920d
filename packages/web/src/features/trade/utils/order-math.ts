import { closeEstimate as contractCloseEstimate, orderCosts as contractOrderCosts } from '@tradewind/contract';

/*
 * The order and close previews in the wallet currency's major units, for the screens. The money is
 * the contract's pricing module (docs/ledger-and-trading.md), the very functions the server decides
 * with, so a preview and the ledger cannot round differently. The preview uses the last price; the
 * fill is at the house's ask (buy-up) or bid (buy-down), so the real figures differ by the spread.
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
const major = (minor: number) => minor / 100;

/** The costs of an order, or undefined while an input is missing or not a positive number. */
export function orderCosts(input: OrderCostInput): OrderCosts | undefined {
  const { price, quantity, multiplier, rate, leverage } = input;
  if (![price, quantity, multiplier, rate, leverage].every(positive) || ![input.feeRate, input.minFee].every(Number.isFinite)) return undefined;
  const c = contractOrderCosts(input);
  return { notional: major(c.notionalMinor), margin: major(c.marginMinor), fee: major(c.feeMinor), total: major(c.totalMinor) };
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
  /** The position as the wire gives it: direction, open price, open quantity, isolated margin (wallet currency) and exit price now. */
  direction: number;
  openPrice: number;
  positionNum: number;
  margin: number;
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
 * What closing part of a position would realise now (the contract's closeEstimate, which the
 * server's close posts): its profit at the exit price less the closing fee; a loss never exceeds
 * the released margin (the house takes the rest).
 */
export function closeEstimate(input: CloseEstimateInput): CloseEstimate | undefined {
  const { positionNum, quantity, nowPrice, openPrice, multiplier, rate } = input;
  if (!positive(positionNum) || !positive(quantity) || quantity > positionNum || ![nowPrice, openPrice, multiplier, rate].every(positive)) return undefined;
  const e = contractCloseEstimate({
    direction: input.direction,
    openPrice,
    exitPrice: nowPrice,
    positionQuantity: positionNum,
    quantity,
    marginMinor: Math.round(input.margin * 100),
    multiplier,
    rate,
    feeRate: input.feeRate,
    minFee: input.minFee,
  });
  return { profit: major(e.pnlMinor), fee: major(e.feeMinor), realised: major(e.realisedMinor), proceeds: major(e.creditMinor) };
}

import { dec, liquidationPrice, marginRatio, orderCosts, type Position, type TradingRules } from '@tradewind/contract';

/*
 * The risk a screen shows for a leveraged position, computed on the device with the contract's
 * pricing module (liquidationPrice, marginRatio), the same functions the server's engine liquidates
 * with (docs/ledger-and-trading.md, "Risk on the screens").
 *
 * Margin ratio = maintenance margin ÷ equity × 100: 100 % is liquidation, lower is safer. The
 * levels a card colours by, and why these numbers:
 *   safe     below 50 %: equity is still more than twice the maintenance margin
 *   caution  from 50 %: half of the room above maintenance is gone (amber, warning icon)
 *   danger   from 80 %: the server's near-liquidation notice fires here by default
 *            (NEAR_LIQUIDATION_MARGIN_RATIO), so the card and the inbox agree (red, warning icon)
 */
export type RiskLevel = 'safe' | 'caution' | 'danger';

export const RISK_CAUTION_RATIO = 50;
export const RISK_DANGER_RATIO = 80;

export function riskLevel(ratio: number | null): RiskLevel {
  if (ratio === null) return 'safe';
  if (ratio >= RISK_DANGER_RATIO) return 'danger';
  if (ratio >= RISK_CAUTION_RATIO) return 'caution';
  return 'safe';
}

export interface Risk {
  /** Exit price at which the engine liquidates; null when no positive price reaches it. */
  liquidationPrice: number | null;
  /** Percent, 100 = liquidation. */
  marginRatio: number;
  level: RiskLevel;
}

export type RiskRules = Pick<TradingRules, 'multiplier' | 'maintenanceRatio' | 'tickSize'>;

/** Money in major units (the wire's amounts) as exact minor units. */
export function toMinorUnits(major: number | string): number {
  return Number(dec(major).times(100).round(0).toString());
}

/**
 * Risk of an open position now: its liquidation price from its margin (plus `addedMinor`, what the
 * add-margin dialog would add), and its margin ratio from the floating profit the server marks it at.
 */
export function positionRisk(
  position: Pick<Position, 'direction' | 'openPrice' | 'positionNum' | 'isolatedPosition' | 'profit'>,
  rules: RiskRules,
  rate: number,
  addedMinor = 0,
): Risk {
  const margin = toMinorUnits(position.isolatedPosition) + addedMinor;
  const liquidation = liquidationPrice({
    direction: position.direction,
    openPrice: position.openPrice,
    quantity: position.positionNum,
    multiplier: rules.multiplier,
    rate,
    marginMinor: margin,
    maintenanceRatio: rules.maintenanceRatio,
    tickSize: rules.tickSize,
  });
  const ratio = marginRatio({ marginMinor: margin, floatingPnlMinor: toMinorUnits(position.profit), maintenanceRatio: rules.maintenanceRatio });
  return { liquidationPrice: liquidation, marginRatio: ratio, level: riskLevel(ratio) };
}

export interface OrderRiskInput {
  direction: number;
  /** The price the order is previewed at (the quote for a market order, else its limit or trigger). */
  price: number;
  quantity: number;
  leverage: number;
  rate: number;
  rules: RiskRules & Pick<TradingRules, 'feeRate' | 'minFee'>;
}

/**
 * Risk of the position an order would open, at the previewed price: its margin is the order's
 * (orderCosts, as the server charges it) and its profit at that price is zero. Undefined while the
 * quantity or price is not a positive number.
 */
export function orderRisk(input: OrderRiskInput): Risk | undefined {
  const { price, quantity, leverage, rate, rules } = input;
  if (![price, quantity, leverage, rate].every((n) => Number.isFinite(n) && n > 0)) return undefined;
  const costs = orderCosts({ price, quantity, multiplier: rules.multiplier, rate, leverage, feeRate: rules.feeRate, minFee: rules.minFee });
  return positionRisk(
    { direction: input.direction, openPrice: price, positionNum: quantity, isolatedPosition: costs.marginMinor / 100, profit: 0 },
    rules,
    rate,
  );
}

function decimalsOf(value: number): number {
  const text = String(value);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Decimals to show a liquidation price with: as many as the tick has, and at least those of the
 * prices shown beside it (2 to 5, as the position card shows prices).
 */
export function riskPriceDigits(tickSize: number, ...prices: number[]): number {
  const around = Math.min(Math.max(2, ...prices.map(decimalsOf)), 5);
  return Math.min(Math.max(decimalsOf(tickSize), around), 8);
}

import type { Position } from '@tradewind/contract';
import { useInstrumentQuote } from '../api/get-instrument-quote';
import { useTradingRules } from '../api/get-trading-rules';
import { type Risk, type RiskRules, positionRisk } from '../utils/position-risk';
import { useConversionRate } from './use-conversion-rate';

export interface PositionRiskState {
  /** Undefined until the rules and the conversion rate are known. */
  risk: Risk | undefined;
  /** Risk with `addedMinor` more margin (the add-margin dialog's preview); undefined like `risk`. */
  withAdded: Risk | undefined;
  rules: RiskRules | undefined;
}

/**
 * A position's liquidation price and margin ratio, recomputed whenever the position is marked again
 * (the engine pushes its exit price and profit over the private channel as the quote moves).
 */
export function usePositionRisk(position: Position, addedMinor = 0): PositionRiskState {
  const rules = useTradingRules(position.source, position.stockCode);
  const quote = useInstrumentQuote({ code: position.stockCode, source: position.source, market: position.market || undefined });
  const rate = useConversionRate(quote.data?.currency, position.currency);
  if (!rules.data || rate === undefined || position.status !== 'open') return { risk: undefined, withAdded: undefined, rules: rules.data };
  const risk = positionRisk(position, rules.data, rate);
  const withAdded = addedMinor > 0 ? positionRisk(position, rules.data, rate, addedMinor) : risk;
  return { risk, withAdded, rules: rules.data };
}

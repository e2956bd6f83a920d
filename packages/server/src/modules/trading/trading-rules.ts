import { AssetSource, walletOfSource, type TradingRules } from '@tradewind/contract';
import type { Config } from '../../config/config.js';
import { bidAsk, halfSpreadOf, type Instrument, tickSizeOf } from '../market/index.js';

/** The house's quote lives with the market data (quote pages show it); orders fill at it. */
export { bidAsk, tickSizeOf };

/** Block trades are US stocks bought at the desk's price: they quote, mark and fill as stocks. */
export function quoteSourceOf(source: number): number {
  return source === AssetSource.BlockTrade ? AssetSource.Stock : source;
}

/** The wallet an asset source trades from, and its currency: the contract's pricing module decides it for server and web alike. */
export const walletFor = walletOfSource;

interface FeeRow {
  /** Fraction of notional charged at open and at close. */
  feeRate: number;
  /** Minimum fee in the wallet currency's minor units. */
  minFee: number;
  minCount: number;
  step: number;
}

/** The fee table (DESIGN §5), per asset source. */
const feeTable: Record<number, FeeRow> = {
  [AssetSource.Stock]: { feeRate: 0.0005, minFee: 100, minCount: 1, step: 1 },
  [AssetSource.GlobalIndex]: { feeRate: 0.0003, minFee: 100, minCount: 1, step: 1 },
  [AssetSource.Future]: { feeRate: 0.0002, minFee: 250, minCount: 1, step: 1 },
  [AssetSource.Forex]: { feeRate: 0.0001, minFee: 50, minCount: 1, step: 1 },
  // Taiwan trades odd lots (1–999) or board lots of 1,000 (isTwLotSize); fees follow the TWSE 0.1425 % commission.
  [AssetSource.TwStock]: { feeRate: 0.001425, minFee: 2000, minCount: 1, step: 1 },
};

function leverageMax(config: Config, source: number): number {
  switch (source) {
    case AssetSource.Future:
      return config.LEVERAGE_MAX_FUTURES;
    case AssetSource.Forex:
      return config.LEVERAGE_MAX_FOREX;
    case AssetSource.TwStock:
      return config.LEVERAGE_MAX_TW;
    case AssetSource.GlobalIndex:
      return config.LEVERAGE_MAX_INDEX;
    default:
      return config.LEVERAGE_MAX_STOCK;
  }
}

/** Units of the instrument one quantity step stands for: a share, a futures contract, 1,000 units of a currency pair. */
export function multiplierOf(instrument: Instrument): number {
  // A contract quoted in cents (corn: cents per bushel) moves a hundredth of a dollar per unit per point.
  if (instrument.futures) return instrument.futures.quotedIn === 'USc' ? instrument.futures.contractSize / 100 : instrument.futures.contractSize;
  return instrument.source === AssetSource.Forex ? 1000 : 1;
}

export function rulesFor(config: Config, instrument: Instrument): Omit<TradingRules, 'maintenanceRatio' | 'tickSize'> & { halfSpread: number } {
  const row = feeTable[instrument.source] ?? feeTable[AssetSource.Stock]!;
  const wallet = walletFor(instrument.source);
  return {
    source: instrument.source,
    minCount: row.minCount,
    step: row.step,
    leverageMax: leverageMax(config, instrument.source),
    feeRate: row.feeRate,
    minFee: row.minFee / 100,
    multiplier: multiplierOf(instrument),
    currency: wallet.currency,
    halfSpread: halfSpreadOf(instrument.source),
  };
}

/** The rules a client sees (the spread is the house's quote, not a setting). */
export function publicRules(config: Config, instrument: Instrument, price: number): TradingRules {
  const rules = rulesFor(config, instrument);
  return {
    source: rules.source,
    minCount: rules.minCount,
    step: rules.step,
    leverageMax: rules.leverageMax,
    feeRate: rules.feeRate,
    minFee: rules.minFee,
    multiplier: rules.multiplier,
    currency: rules.currency,
    maintenanceRatio: config.LIQUIDATION_MARGIN_RATIO,
    tickSize: tickSizeOf(instrument, price),
  };
}

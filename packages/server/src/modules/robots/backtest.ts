import { fromMinor, type BacktestResult, type RobotBarInterval, type RobotParams } from '@tradewind/contract';
import type { Bar } from '../market/index.js';
import { buyQuantity, feeMinor, longPnlMinor, notionalMinor, type CostModel } from './sizing.js';
import { initialState, step, type Holding } from './strategies.js';

interface Lot extends Holding {
  roundTrip: number;
  openTime: number;
  openPrice: number;
  margin: number;
  openFee: number;
}

export interface BacktestInput {
  robot: RobotParams;
  /** The budget, minor units. */
  amount: number;
  stockCode: string;
  currency: string;
  interval: RobotBarInterval;
  intervalSeconds: number;
  /** Completed bars of `interval`, oldest first. */
  bars: readonly Bar[];
  model: CostModel;
  /** The house's bid and ask around a price (the spread the live robot pays too). */
  bidAsk: (price: number) => { bid: number; ask: number };
}

const pnlMinor = (model: CostModel, lot: Lot, exit: number) => longPnlMinor(model, lot.openPrice, exit, lot.quantity);

/**
 * Walks the strategy over history: each bar's close is the price the strategy sees at the bar's
 * end, buys fill at the ask and sells at the bid with the live fees, and the budget limits buys as
 * it does live. Deterministic: the same bars and parameters give the same answer.
 */
export function runBacktest(input: BacktestInput): BacktestResult {
  const { robot, model, bars } = input;
  let state = initialState(robot);
  let cash = input.amount;
  let lots: Lot[] = [];
  const trades: BacktestResult['trades'] = [];
  let roundTrips = 0;
  const closes: number[] = [];
  let peak = input.amount;
  let maxDrawdown = 0;
  let maxDrawdownPercent = 0;
  let equity = input.amount;

  for (const bar of bars) {
    closes.push(bar.close);
    const time = bar.t + input.intervalSeconds;
    const quote = input.bidAsk(bar.close);
    const result = step(robot, state, { time, price: bar.close, closes, barTime: bar.t }, lots);
    state = result.state;
    for (const intent of result.intents) {
      if (intent.side === 'buy') {
        const sized = buyQuantity(model, Math.min(intent.amount, cash), quote.ask);
        if (!sized) continue;
        const notional = notionalMinor(model, quote.ask, sized.quantity);
        const lot = { slot: intent.slot, roundTrip: ++roundTrips, openTime: time, quantity: sized.quantity, openPrice: quote.ask, margin: notional, openFee: feeMinor(model, notional) };
        cash -= sized.cost;
        lots.push(lot);
        trades.push({ time, side: 'buy', price: quote.ask, quantity: lot.quantity, fee: fromMinor(lot.openFee), roundTrip: lot.roundTrip, entryPrice: null, entryTime: null, profit: null });
      } else {
        const lot = lots.find((l) => l.slot === intent.slot);
        if (!lot) continue;
        const pnl = pnlMinor(model, lot, quote.bid);
        const fee = feeMinor(model, notionalMinor(model, quote.bid, lot.quantity));
        cash += lot.margin + pnl - fee;
        lots = lots.filter((l) => l !== lot);
        trades.push({
          time,
          side: 'sell',
          price: quote.bid,
          quantity: lot.quantity,
          fee: fromMinor(fee),
          roundTrip: lot.roundTrip,
          entryPrice: lot.openPrice,
          entryTime: lot.openTime,
          profit: fromMinor(pnl - fee - lot.openFee),
        });
      }
    }
    equity = cash + lots.reduce((sum, lot) => sum + lot.margin + pnlMinor(model, lot, quote.bid), 0);
    peak = Math.max(peak, equity);
    if (peak - equity > maxDrawdown) {
      maxDrawdown = peak - equity;
      maxDrawdownPercent = Math.round(((peak - equity) / peak) * 10_000) / 100;
    }
  }
  const pnl = equity - input.amount;
  return {
    strategy: robot.strategy,
    stockCode: input.stockCode,
    interval: input.interval,
    bars: bars.length,
    fromTimestamp: bars[0]?.t ?? null,
    toTimestamp: bars.at(-1)?.t ?? null,
    trades,
    finalPnl: fromMinor(pnl),
    returnPercent: Math.round((pnl / input.amount) * 10_000) / 100,
    maxDrawdown: fromMinor(maxDrawdown),
    maxDrawdownPercent,
    currency: input.currency,
  };
}

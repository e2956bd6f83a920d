import { AssetSource, OrderDirection, OrderType, type CreateFuturesOrderInput, type FuturesContract } from '@tradewind/contract';
import { AppError } from '../../lib/app-error.js';
import { futuresOptions, type Instrument, type MarketDeps } from '../market/index.js';

/**
 * What an order asks for beyond its price and size (issue 18, item 4): take-profit and stop-loss
 * set on the position when it fills, and the contract month of a futures order. Each check throws
 * a localized refusal before anything is written.
 */
export interface EntryLevels {
  takeProfit?: number;
  stopLoss?: number;
}

/**
 * The price the order is expected to fill at, which the levels must sit either side of: the quote
 * it fills at now, or, for an order that rests, its limit (a stop: its trigger).
 */
export function expectedFillPrice(
  input: { direction: number; orderType: number; price?: number; triggerPrice?: number },
  fillsNow: boolean,
  q: { bid: number; ask: number },
): number {
  if (fillsNow) return input.direction === OrderDirection.Buy ? q.ask : q.bid;
  return (input.orderType === OrderType.Stop ? input.triggerPrice : input.price) ?? 0;
}

/** The rules of `/position/setTpSl`, judged at the expected fill price: a long takes profit above it and stops below it, a short the other way round. */
export function checkEntryLevels(direction: number, reference: number, levels: EntryLevels): void {
  const long = direction === OrderDirection.Buy;
  const { takeProfit, stopLoss } = levels;
  if (takeProfit !== undefined && (long ? takeProfit <= reference : takeProfit >= reference)) {
    throw AppError.badRequest(long ? 'order.takeProfitAbove' : 'order.takeProfitBelow', { price: reference });
  }
  if (stopLoss !== undefined && (long ? stopLoss >= reference : stopLoss <= reference)) {
    throw AppError.badRequest(long ? 'order.stopLossBelow' : 'order.stopLossAbove', { price: reference });
  }
}

/** A price is on a futures contract's grid when it is a whole number of ticks (to a millionth of a tick, for binary fractions). */
export function isOnFuturesTick(price: number, tickSize: number): boolean {
  const ticks = price / tickSize;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}

/** Futures prices (limit, trigger, take-profit, stop-loss) must be whole ticks of the contract. */
export function checkFuturesTicks(instrument: Instrument, prices: Record<'price' | 'triggerPrice' | 'takeProfit' | 'stopLoss', number | undefined>): void {
  const spec = instrument.futures;
  if (!spec) return;
  for (const [field, value] of Object.entries(prices)) {
    if (value !== undefined && !isOnFuturesTick(value, spec.tickSize)) throw AppError.badRequest('order.futuresTick', { field, tick: spec.tickSize });
  }
}

/**
 * The contract month a futures order trades: the one named, if listed now, else the front month.
 * Non-futures instruments have none.
 */
export function chosenContract(market: MarketDeps, instrument: Instrument, requested: string | undefined): FuturesContract | undefined {
  if (!instrument.futures) return undefined;
  const listed = futuresOptions(market, instrument);
  if (requested === undefined) return listed[0];
  const found = listed.find((c) => c.stock_code === requested.toUpperCase());
  if (!found) throw AppError.badRequest('order.contractUnknown', { contract: requested, code: instrument.code });
  return found;
}

/** A `/gold/create` body as the order story's input: the futures code is the stock code, the source is futures. */
export function futuresOrderInput(body: CreateFuturesOrderInput) {
  return {
    stockCode: body.goldCode,
    market: body.market,
    source: AssetSource.Future,
    direction: body.direction,
    orderType: body.orderType,
    price: body.price,
    triggerPrice: body.triggerPrice,
    quantity: body.quantity,
    leverage: body.leverage,
    timeInForce: body.timeInForce,
    takeProfit: body.takeProfit,
    stopLoss: body.stopLoss,
    contract: body.contract,
  };
}

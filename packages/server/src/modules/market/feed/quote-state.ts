import type { Instrument } from '../catalog/instruments.js';
import type { Bar } from './bars.js';

/** The live state of one instrument for its current trading date. */
export interface QuoteState {
  instrument: Instrument;
  price: number;
  previousClose: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  tradingDate: string;
  /** Time of the last price, Unix ms. */
  updatedAt: number;
}

/** A quote's figures, without the instrument (what a worker thread can hand over). */
export type QuoteFigures = Omit<QuoteState, 'instrument'>;

/** The quote a start begins with: from the latest daily bar and the minute bar of its session, if any. */
export function startingQuote(referencePrice: number, daily: readonly Bar[], lastMinute: Bar | undefined): QuoteFigures {
  const today = daily.at(-1);
  const price = lastMinute && lastMinute.d === today?.d ? lastMinute.close : (today?.close ?? referencePrice);
  return {
    price,
    previousClose: daily.at(-2)?.close ?? today?.open ?? price,
    open: today?.open ?? price,
    high: today?.high ?? price,
    low: today?.low ?? price,
    volume: today?.volume ?? 0,
    tradingDate: today?.d ?? '',
    updatedAt: ((lastMinute?.t ?? today?.t ?? 0) + 59) * 1000,
  };
}

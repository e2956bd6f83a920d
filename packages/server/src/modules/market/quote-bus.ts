import type { QuoteTick } from '@tradewind/contract';
import type { Bus } from '../../bus/bus.js';

export type QuoteListener = (tick: QuoteTick) => void;

/**
 * The quote topic of the bus: ticks from the feed reach whoever listens (the websocket hub, the
 * order engine, robots) on this process and, with the Redis bus, on every other one.
 */
export class QuoteBus {
  constructor(private readonly bus: Bus) {}

  publish(tick: QuoteTick): void {
    this.bus.publish('quote', tick);
  }

  subscribe(listener: QuoteListener): () => void {
    return this.bus.subscribe('quote', listener);
  }
}

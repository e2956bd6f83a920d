import type { QuoteTick } from '@tradewind/contract';

export type QuoteListener = (tick: QuoteTick) => void;

/**
 * Quotes of this process's feed to whoever listens here (the websocket hub, the order engine,
 * robots). It does not cross processes: provider ticks do (the bus's `tick` topic), and each
 * process's feed turns them into the same quotes. A listener that throws is logged and the
 * others still hear the quote.
 */
export class QuoteBus {
  private readonly listeners = new Set<QuoteListener>();

  constructor(private readonly log: { error(object: object, message: string): void }) {}

  publish(tick: QuoteTick): void {
    for (const listener of this.listeners) {
      try {
        listener(tick);
      } catch (error) {
        this.log.error({ err: error, code: tick.code }, 'market: a quote listener failed');
      }
    }
  }

  subscribe(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

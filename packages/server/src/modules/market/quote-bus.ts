import type { QuoteTick } from '@tradewind/contract';

export type QuoteListener = (tick: QuoteTick) => void;

/**
 * Carries quote ticks from the feed to whoever listens (the websocket hub, later the order engine).
 * In-process; a Redis-backed bus with the same shape lets several servers share one feed.
 */
export class QuoteBus {
  private readonly listeners = new Set<QuoteListener>();

  publish(tick: QuoteTick): void {
    for (const listener of this.listeners) listener(tick);
  }

  subscribe(listener: QuoteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

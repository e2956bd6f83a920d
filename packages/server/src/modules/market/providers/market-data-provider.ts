import type { QuoteSource } from '@tradewind/contract';

/** One trade or price update from a provider, before the feed turns it into quotes and bars. */
export interface ProviderTick {
  source: QuoteSource;
  code: string;
  price: number;
  /** Units traded with this tick (0 for an indicative price such as forex or an index). */
  volume: number;
  /** Tick time, Unix milliseconds. */
  ts: number;
}

export type TickListener = (tick: ProviderTick) => void;

/**
 * Where prices come from: the simulator, a CSV replay or a real streaming feed.
 * `start` resolves once the provider is producing (or has connected); `stop` releases timers and sockets.
 */
export interface MarketDataProvider {
  readonly name: string;
  start(onTick: TickListener): Promise<void>;
  stop(): Promise<void>;
}

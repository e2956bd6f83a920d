import type { ProviderTick } from '../../../bus/bus.js';

// The tick is the bus's `tick` payload, so its shape lives below the market module; providers produce it.
export type { ProviderTick };

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

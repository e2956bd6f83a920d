import { basename } from 'node:path';
import type { MarketDataSource } from '@tradewind/contract';
import type { Config } from '../../../config/config.js';

type SourceConfig = Pick<Config, 'MARKET_PROVIDER' | 'MARKET_CSV_FILE' | 'MARKET_DELAY_SECONDS'>;

/**
 * What the app tells people about its prices, from the configured provider (issue 18). Only a real
 * feed is neither simulated nor replayed; how far behind the market it runs is the operator's to
 * declare (`MARKET_DELAY_SECONDS`, 0 for a real-time licence), since the feed itself does not say.
 */
export function marketDataSource(config: SourceConfig): MarketDataSource {
  switch (config.MARKET_PROVIDER) {
    case 'simulator':
      return { providerId: 'simulator', displayName: 'Tradewind simulator', simulated: true, realtime: false, delaySeconds: 0 };
    case 'none':
      // No ticks: the prices are the stored history, which the simulator generated.
      return { providerId: 'none', displayName: 'Tradewind simulator', simulated: true, realtime: false, delaySeconds: 0 };
    case 'csv':
      return {
        providerId: 'csv-replay',
        displayName: `CSV replay · ${basename(config.MARKET_CSV_FILE ?? '')}`,
        simulated: true,
        realtime: false,
        delaySeconds: 0,
      };
    case 'finnhub':
      return {
        providerId: 'finnhub',
        displayName: 'Finnhub',
        simulated: false,
        realtime: config.MARKET_DELAY_SECONDS === 0,
        delaySeconds: config.MARKET_DELAY_SECONDS,
      };
  }
}

import type { Config } from '../../../config/config.js';
import type { LoadOptions } from './instruments.js';

/** How the server loads the instrument master: the market plugin and a first start's early history read it alike. */
export function catalogOptionsOf(config: Pick<Config, 'MARKET_ALWAYS_OPEN' | 'MARKET_SYMBOLS'>): LoadOptions {
  const only = config.MARKET_SYMBOLS ? new Set(config.MARKET_SYMBOLS.split(',').map((code) => code.toUpperCase())) : undefined;
  return { alwaysOpen: config.MARKET_ALWAYS_OPEN, only };
}

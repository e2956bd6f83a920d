import type { Config } from '../../config/config.js';
import type { Database } from '../../db/client.js';
import type { OrderRow, PositionRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MessageNotifier } from '../inbox/index.js';
import type { MarketDeps } from '../market/index.js';
import type { CloseBatcher } from './close-batcher.js';
import type { FillBatcher } from './fill-batcher.js';
import type { OrderBatcher } from './order-batcher.js';
/** Told after each commit, so the engine's index and the owner's `/ws` channel stay current. */
export interface TradingEvents {
  orderChanged(row: OrderRow): void;
  /** `version`: the row's `xmin` when the writer knows it (the order batch statement answers it), so the engine's resync need not read the row again. */
  positionChanged(row: PositionRow, version?: string): void;
}

export interface TradingDeps {
  db: Database;
  clock: Clock;
  config: Config;
  market: MarketDeps;
  events: TradingEvents;
  notify: MessageNotifier;
  /** Group commit for new orders (issue 22); without it each order is its own transaction. */
  orderBatcher?: OrderBatcher;
  /** Group commit for closes, users' and the engine's; without it each close is its own transaction. */
  closeBatcher?: CloseBatcher;
  /** Group commit for the engine's fills of resting orders; without it each fill is its own transaction. */
  fillBatcher?: FillBatcher;
}

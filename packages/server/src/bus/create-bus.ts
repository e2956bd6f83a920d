import type { Bus, BusLog } from './bus.js';
import { InProcessBus } from './in-process-bus.js';

/** Redis pub/sub when REDIS_URL is set (several processes), else the bus of this process alone. */
export async function createBus(config: { REDIS_URL?: string | undefined; REDIS_PREFIX: string }, log: BusLog): Promise<Bus> {
  if (!config.REDIS_URL) return new InProcessBus(log);
  // ioredis is loaded only with REDIS_URL: a single process does not need its ~2 MB of heap (issue 24).
  const { RedisBus } = await import('./redis-bus.js');
  const bus = await RedisBus.connect({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log });
  log.info({ prefix: config.REDIS_PREFIX }, 'bus: Redis pub/sub connected');
  return bus;
}

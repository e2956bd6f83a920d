import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { priceBars } from '../../db/schema.js';
import type { Bar, Interval } from './bars.js';

type StoredBar = [number, string, number, number, number, number, number];

export interface BarBucket {
  instrumentKey: string;
  interval: Interval;
  bucket: string;
  bars: readonly Bar[];
}

/** Rows stay small: minute bars by UTC hour, 5- and 30-minute bars by trading date, daily bars by month. */
export function bucketOf(interval: Interval, bar: Bar): string {
  switch (interval) {
    case '1m':
      return new Date(bar.t * 1000).toISOString().slice(0, 13);
    case '5m':
    case '30m':
      return bar.d;
    case '1d':
      return bar.d.slice(0, 7);
  }
}

const toStored = (b: Bar): StoredBar => [b.t, b.d, b.open, b.high, b.low, b.close, b.volume];
const fromStored = ([t, d, open, high, low, close, volume]: StoredBar): Bar => ({ t, d, open, high, low, close, volume });

export async function loadAllBars(db: Database): Promise<Array<{ instrumentKey: string; interval: Interval; bars: Bar[] }>> {
  const rows = await db
    .select({ instrumentKey: priceBars.instrumentKey, interval: priceBars.interval, bars: priceBars.bars })
    .from(priceBars)
    .orderBy(priceBars.instrumentKey, priceBars.interval, priceBars.bucket);
  return rows.map((row) => ({ instrumentKey: row.instrumentKey, interval: row.interval, bars: row.bars.map(fromStored) }));
}

/** Writes whole buckets, replacing what was stored; batched so a first start is a few statements. */
export async function saveBuckets(db: Database, buckets: readonly BarBucket[], now: Date): Promise<void> {
  const batchSize = 200;
  for (let i = 0; i < buckets.length; i += batchSize) {
    const values = buckets.slice(i, i + batchSize).map((b) => ({
      instrumentKey: b.instrumentKey,
      interval: b.interval,
      bucket: b.bucket,
      bars: b.bars.map(toStored),
      updatedAt: now,
    }));
    await db
      .insert(priceBars)
      .values(values)
      .onConflictDoUpdate({
        target: [priceBars.instrumentKey, priceBars.interval, priceBars.bucket],
        set: { bars: sql`excluded.bars`, updatedAt: sql`excluded.updated_at` },
      });
  }
}

export async function deleteBucketsBefore(db: Database, interval: Interval, bucket: string): Promise<void> {
  await db.delete(priceBars).where(and(eq(priceBars.interval, interval), lt(priceBars.bucket, bucket)));
}

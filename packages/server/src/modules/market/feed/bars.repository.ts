import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { marketHistoryAnchors, priceBars, priceBarTails } from '../../../db/schema.js';
import type { Bar, Interval } from './bars.js';

type StoredBar = [number, string, number, number, number, number, number];

export interface BarBucket {
  instrumentKey: string;
  interval: Interval;
  bucket: string;
  bars: readonly Bar[];
}

/** A bar as price_bars and price_bar_tails keep it (StoredBar). */
export const toStored = (b: Bar): StoredBar => [b.t, b.d, b.open, b.high, b.low, b.close, b.volume];
const fromStored = ([t, d, open, high, low, close, volume]: StoredBar): Bar => ({ t, d, open, high, low, close, volume });

/** A stored bucket as a start reads it, with `tails` true when rows of price_bar_tails were laid over it (not yet written whole). */
export interface StoredBucket extends BarBucket {
  tails: boolean;
}

/** One string per bucket (instrument, interval, bucket), for maps and sets of buckets. */
export const bucketKey = (b: Omit<BarBucket, 'bars'>) => `${b.instrumentKey}|${b.interval}|${b.bucket}`;

/** The buckets' keys as the JSON that `jsonb_to_recordset(…) AS v(k text, i text, b text)` reads. */
const keysJson = (buckets: readonly Omit<BarBucket, 'bars'>[]) => JSON.stringify(buckets.map((b) => ({ k: b.instrumentKey, i: b.interval, b: b.bucket })));

/**
 * Reads every stored bucket, a page at a time in key order, handing each to `onBucket` with the bars that
 * flushes wrote one by one laid over it (a tail's bar replaces the stored bar of the same time); a bucket that
 * has tail rows only comes after the others, in key order. One query for all of price_bars made PGlite's
 * WebAssembly heap grow to hold the whole answer at once (and it never shrinks), about 1 GB on a second start;
 * pages of `pageSize` rows keep that peak small, and nothing holds more than a page of buckets as objects.
 */
export async function readStoredBuckets(db: Database, onBucket: (bucket: StoredBucket) => void, pageSize = 1000): Promise<void> {
  const tails = await readTails(db, pageSize * 10);
  let after: { instrumentKey: string; interval: Interval; bucket: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ instrumentKey: priceBars.instrumentKey, interval: priceBars.interval, bucket: priceBars.bucket, bars: priceBars.bars })
      .from(priceBars)
      .where(after ? sql`(${priceBars.instrumentKey}, ${priceBars.interval}, ${priceBars.bucket}) > (${after.instrumentKey}, ${after.interval}, ${after.bucket})` : undefined)
      .orderBy(priceBars.instrumentKey, priceBars.interval, priceBars.bucket)
      .limit(pageSize);
    for (const row of rows) {
      const key = bucketKey(row);
      const laid = tails.get(key);
      tails.delete(key);
      const bars = row.bars.map(fromStored);
      onBucket({ instrumentKey: row.instrumentKey, interval: row.interval, bucket: row.bucket, bars: laid ? layOver(bars, laid.bars) : bars, tails: laid !== undefined });
    }
    if (rows.length < pageSize) break;
    after = rows.at(-1);
    // Between pages /health gets its turn (PGlite runs on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const tail of tails.values()) onBucket({ ...tail, tails: true });
}

/** `stored` with `tail`'s bars in place of those of the same time, in time order. */
function layOver(stored: readonly Bar[], tail: readonly Bar[]): Bar[] {
  const replaced = new Set(tail.map((b) => b.t));
  return [...stored.filter((b) => !replaced.has(b.t)), ...tail].sort((a, b) => a.t - b.t);
}

/** Every row of price_bar_tails, grouped by bucket in key order (bars in time order), read a page at a time. */
async function readTails(db: Database, pageSize: number): Promise<Map<string, BarBucket & { bars: Bar[] }>> {
  const buckets = new Map<string, BarBucket & { bars: Bar[] }>();
  let after: { instrumentKey: string; interval: Interval; bucket: string; t: number } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(priceBarTails)
      .where(
        after
          ? sql`(${priceBarTails.instrumentKey}, ${priceBarTails.interval}, ${priceBarTails.bucket}, ${priceBarTails.t}) > (${after.instrumentKey}, ${after.interval}, ${after.bucket}, ${after.t})`
          : undefined,
      )
      .orderBy(priceBarTails.instrumentKey, priceBarTails.interval, priceBarTails.bucket, priceBarTails.t)
      .limit(pageSize);
    for (const row of rows) {
      const key = bucketKey(row);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { instrumentKey: row.instrumentKey, interval: row.interval, bucket: row.bucket, bars: [] };
        buckets.set(key, bucket);
      }
      bucket.bars.push(fromStored(row.bar));
    }
    if (rows.length < pageSize) return buckets;
    after = rows.at(-1);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Upserts whole buckets in one multi-row statement; callers pass ~100 (measured on PGlite, 500-row statements grew
 * the process by ~250 MB more, its heap holding each statement's text and parsed JSON, and saved no time).
 */
async function upsertBuckets(db: Database, buckets: readonly BarBucket[], now: Date): Promise<void> {
  const values = buckets.map((b) => ({ instrumentKey: b.instrumentKey, interval: b.interval, bucket: b.bucket, bars: b.bars.map(toStored), updatedAt: now }));
  await db
    .insert(priceBars)
    .values(values)
    .onConflictDoUpdate({
      target: [priceBars.instrumentKey, priceBars.interval, priceBars.bucket],
      set: { bars: sql`excluded.bars`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Stores the bars of these buckets (each from some time on: what a flush period changed) one row per bar,
 * replacing a stored row of the same time, in one statement. A bar is ~150 bytes, where rewriting its
 * bucket's jsonb array was up to ~18 KB (migration 0037).
 */
export async function saveTailBars(db: Database, tails: readonly BarBucket[]): Promise<void> {
  const rows = tails.flatMap((tail) => tail.bars.map((bar) => ({ k: tail.instrumentKey, i: tail.interval, b: tail.bucket, bar: toStored(bar) })));
  if (rows.length === 0) return;
  await db.execute(
    sql`INSERT INTO ${priceBarTails} (instrument_key, interval, bucket, t, bar)
        SELECT v.k, v.i, v.b, (v.bar->>0)::bigint, v.bar FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(k text, i text, b text, bar jsonb)
        ON CONFLICT (instrument_key, interval, bucket, t) DO UPDATE SET bar = excluded.bar`,
  );
}

/**
 * Writes open buckets whole into price_bars from the caller's memory and deletes any tail rows of theirs (an
 * earlier leader's, which the caller's bars include), in one transaction: a start then finds each bar in one of
 * the two places. A statement of them runs whole on PGlite's thread: callers pass ~100 at a time.
 */
export async function writeBucketsWhole(db: Database, buckets: readonly BarBucket[], now: Date): Promise<void> {
  if (buckets.length === 0) return;
  await db.transaction(async (tx) => {
    await upsertBuckets(tx, buckets, now);
    await tx.execute(
      sql`DELETE FROM ${priceBarTails} AS p USING jsonb_to_recordset(${keysJson(buckets)}::jsonb) AS v(k text, i text, b text)
          WHERE p.instrument_key = v.k AND p.interval = v.i AND p.bucket = v.b`,
    );
  });
}

/**
 * Folds the tail rows of these buckets into their price_bars rows (a tail's bar replaces the stored bar of the
 * same time) and deletes them, in one statement, so a start finds each bar in one of the two places. Done in
 * the database, not from the caller's memory, which may no longer hold a closed bucket (a series keeps only
 * its recent sessions).
 */
export async function foldTails(db: Database, buckets: readonly Omit<BarBucket, 'bars'>[], now: Date): Promise<void> {
  if (buckets.length === 0) return;
  await db.execute(
    sql`WITH keys AS (SELECT * FROM jsonb_to_recordset(${keysJson(buckets)}::jsonb) AS v(k text, i text, b text)),
        moved AS (
          DELETE FROM ${priceBarTails} AS p USING keys
          WHERE p.instrument_key = keys.k AND p.interval = keys.i AND p.bucket = keys.b
          RETURNING p.instrument_key, p.interval, p.bucket, p.t, p.bar
        ),
        kept AS (
          SELECT s.instrument_key, s.interval, s.bucket, (e.value->>0)::bigint AS t, e.value AS bar
          FROM ${priceBars} AS s JOIN keys ON s.instrument_key = keys.k AND s.interval = keys.i AND s.bucket = keys.b
          CROSS JOIN LATERAL jsonb_array_elements(s.bars) AS e
          WHERE NOT EXISTS (
            SELECT 1 FROM moved AS m
            WHERE m.instrument_key = s.instrument_key AND m.interval = s.interval AND m.bucket = s.bucket AND m.t = (e.value->>0)::bigint
          )
        )
        INSERT INTO ${priceBars} (instrument_key, interval, bucket, bars, updated_at)
        SELECT instrument_key, interval, bucket, jsonb_agg(bar ORDER BY t), ${now.toISOString()}::timestamptz
        FROM (SELECT * FROM moved UNION ALL SELECT * FROM kept) AS bars
        GROUP BY instrument_key, interval, bucket
        ON CONFLICT (instrument_key, interval, bucket) DO UPDATE SET bars = excluded.bars, updated_at = excluded.updated_at`,
  );
}

export async function deleteBucketsBefore(db: Database, interval: Interval, bucket: string): Promise<void> {
  await db.delete(priceBars).where(and(eq(priceBars.interval, interval), lt(priceBars.bucket, bucket)));
  await db.delete(priceBarTails).where(and(eq(priceBarTails.interval, interval), lt(priceBarTails.bucket, bucket)));
}

/** Removes every stored bucket of these instruments (a first start's history save that was cut short). */
export async function deleteBucketsOf(db: Database, instrumentKeys: readonly string[]): Promise<void> {
  if (instrumentKeys.length === 0) return;
  await db.delete(priceBars).where(inArray(priceBars.instrumentKey, [...instrumentKeys]));
  await db.delete(priceBarTails).where(inArray(priceBarTails.instrumentKey, [...instrumentKeys]));
}

/** Each instrument's history anchor: the instant, Unix ms, its generated history ends. */
export async function readHistoryAnchors(db: Database): Promise<Map<string, number>> {
  const rows = await db.select().from(marketHistoryAnchors);
  return new Map(rows.map((row) => [row.instrumentKey, row.generatedUntil.getTime()]));
}

/**
 * Stores anchors for instruments that had none and answers the anchors now stored for them: another
 * process of a cluster that started at the same moment may have stored its own first, and it wins.
 */
export async function saveHistoryAnchors(db: Database, anchors: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const rows = [...anchors].map(([instrumentKey, ms]) => ({ instrumentKey, generatedUntil: new Date(ms) }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(marketHistoryAnchors).values(rows.slice(i, i + 500)).onConflictDoNothing();
  const stored = await readHistoryAnchors(db);
  return new Map([...anchors.keys()].map((key) => [key, stored.get(key) ?? (anchors.get(key) as number)]));
}

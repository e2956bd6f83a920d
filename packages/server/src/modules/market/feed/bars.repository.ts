import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client.js';
import { marketHistoryAnchors, priceBars } from '../../../db/schema.js';
import type { Bar, Interval } from './bars.js';

type StoredBar = [number, string, number, number, number, number, number];

export interface BarBucket {
  instrumentKey: string;
  interval: Interval;
  bucket: string;
  bars: readonly Bar[];
}

const toStored = (b: Bar): StoredBar => [b.t, b.d, b.open, b.high, b.low, b.close, b.volume];
const fromStored = ([t, d, open, high, low, close, volume]: StoredBar): Bar => ({ t, d, open, high, low, close, volume });

/**
 * Reads every stored bucket, a page at a time in key order, handing each to `onBucket`: one query for all
 * of them made PGlite's WebAssembly heap grow to hold the whole answer at once (and it never shrinks),
 * about 1 GB on a second start; pages of `pageSize` rows keep that peak small, and nothing holds more
 * than a page of them as objects.
 */
export async function readStoredBuckets(db: Database, onBucket: (bucket: BarBucket) => void, pageSize = 1000): Promise<void> {
  let after: { instrumentKey: string; interval: Interval; bucket: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ instrumentKey: priceBars.instrumentKey, interval: priceBars.interval, bucket: priceBars.bucket, bars: priceBars.bars })
      .from(priceBars)
      .where(after ? sql`(${priceBars.instrumentKey}, ${priceBars.interval}, ${priceBars.bucket}) > (${after.instrumentKey}, ${after.interval}, ${after.bucket})` : undefined)
      .orderBy(priceBars.instrumentKey, priceBars.interval, priceBars.bucket)
      .limit(pageSize);
    for (const row of rows) onBucket({ instrumentKey: row.instrumentKey, interval: row.interval, bucket: row.bucket, bars: row.bars.map(fromStored) });
    if (rows.length < pageSize) return;
    after = rows.at(-1);
    // Between pages /health gets its turn (PGlite runs on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Writes whole buckets, replacing what was stored, in multi-row statements of `batchSize` rows (a first
 * start's ~26,000 buckets are ~260 statements); `onBatch` hears the running count for progress lines.
 * 100 rows, not more: measured on PGlite, 500-row statements grew the process by ~250 MB more (its heap
 * holds each statement's text and parsed JSON) and saved no time (19.9 s against 18.5 s).
 */
export async function saveBuckets(db: Database, buckets: readonly BarBucket[], now: Date, onBatch?: (done: number) => void, batchSize = 100): Promise<void> {
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
    onBatch?.(Math.min(i + batchSize, buckets.length));
    // PGlite answers on the microtask queue, so without this the whole save would run before any request is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The bars of a stored bucket from `fromT` on (the last one saved, which may have changed, and those after it). */
export interface BucketTail extends Omit<BarBucket, 'bars'> {
  fromT: number;
  bars: readonly Bar[];
}

/**
 * Replaces the stored bars of each bucket from its tail's `fromT` on with the tail's bars, keeping those
 * before: a flush sends the one or two bars a tick period changed, not the bucket's ~80 (writing whole
 * buckets every period cost ~1 s of the event loop on PGlite, docs/performance/read-throughput.md). One
 * statement for all of them; answers the buckets that had no stored row, which the caller writes whole.
 * The stored bars are in time order, so the usual cases need no unnesting of the array: only the last one is
 * at `fromT` (dropped with `- -1`), or none is (appended to); only otherwise (a bucket another process wrote
 * since) are its bars from `fromT` on found one by one. Measured on PGlite, the unnesting for every row took
 * ~1.5× as long for a flush's 3,316 buckets of ~80 bars.
 */
export async function saveBucketTails(db: Database, tails: readonly BucketTail[], now: Date): Promise<BucketTail[]> {
  if (tails.length === 0) return [];
  const rows = tails.map((t) => ({ k: t.instrumentKey, i: t.interval, b: t.bucket, f: t.fromT, bars: t.bars.map(toStored) }));
  const updated = await queryRows<{ k: string; i: string; b: string }>(
    db,
    sql`UPDATE ${priceBars} AS p
        SET bars = CASE
              WHEN jsonb_array_length(p.bars) = 0 OR (p.bars->-1->>0)::float8 < v.f THEN p.bars || v.bars
              WHEN jsonb_array_length(p.bars) = 1 OR (p.bars->-2->>0)::float8 < v.f THEN (p.bars - -1) || v.bars
              ELSE COALESCE(
                (SELECT jsonb_agg(e.value ORDER BY e.ordinality) FROM jsonb_array_elements(p.bars) WITH ORDINALITY AS e
                 WHERE (e.value->>0)::float8 < v.f),
                '[]'::jsonb) || v.bars
            END,
            updated_at = ${now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(k text, i text, b text, f float8, bars jsonb)
        WHERE p.instrument_key = v.k AND p.interval = v.i AND p.bucket = v.b
        RETURNING v.k, v.i, v.b`,
  );
  const done = new Set(updated.map((r) => `${r.k}|${r.i}|${r.b}`));
  return tails.filter((t) => !done.has(`${t.instrumentKey}|${t.interval}|${t.bucket}`));
}

export async function deleteBucketsBefore(db: Database, interval: Interval, bucket: string): Promise<void> {
  await db.delete(priceBars).where(and(eq(priceBars.interval, interval), lt(priceBars.bucket, bucket)));
}

/** Removes every stored bucket of these instruments (a first start's history save that was cut short). */
export async function deleteBucketsOf(db: Database, instrumentKeys: readonly string[]): Promise<void> {
  if (instrumentKeys.length > 0) await db.delete(priceBars).where(inArray(priceBars.instrumentKey, [...instrumentKeys]));
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

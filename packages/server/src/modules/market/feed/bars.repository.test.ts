import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import type { Bar } from './bars.js';
import { percentSteps } from './market-feed.js';
import { foldTails, readStoredBuckets, saveTailBars, writeBucketsWhole, type StoredBucket } from './bars.repository.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
});
afterAll(() => database.close());

async function readAll(pageSize: number): Promise<StoredBucket[]> {
  const read: StoredBucket[] = [];
  await readStoredBuckets(database.db, (bucket) => read.push(bucket), pageSize);
  return read;
}

const bar = (t: number, d: string): Bar => ({ t, d, open: 1, high: 2, low: 0.5, close: 1.5, volume: t });

describe('bars in the database', () => {
  it('writes whole buckets and reads them back the same, page by page', async () => {
    const buckets: Omit<StoredBucket, 'tails'>[] = [];
    for (const key of ['0:AAPL', '0:MSFT', '3:GC']) {
      for (const month of ['2026-01', '2026-02', '2026-03', '2026-04']) buckets.push({ instrumentKey: key, interval: '1d', bucket: month, bars: [bar(Date.parse(`${month}-02T00:00:00Z`) / 1000, `${month}-02`)] });
      buckets.push({ instrumentKey: key, interval: '5m', bucket: '2026-04-30', bars: [bar(1, '2026-04-30'), bar(2, '2026-04-30')] });
    }
    await writeBucketsWhole(database.db, buckets, new Date());

    const whole = await readAll(1000);
    expect(whole).toHaveLength(15);
    for (const pageSize of [1, 2, 4, 7, 15]) expect(await readAll(pageSize), `pages of ${pageSize}`).toEqual(whole);
    expect(whole.filter((b) => b.instrumentKey === '0:MSFT' && b.interval === '5m')[0]!.bars).toEqual([bar(1, '2026-04-30'), bar(2, '2026-04-30')]);
  });

  it('reports each progress mark once', () => {
    const step = percentSteps(829, 10);
    const marks = Array.from({ length: 829 }, (_, i) => step(i + 1)).filter((p) => p !== null);
    expect(marks).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    const coarse = percentSteps(3, 25);
    expect([coarse(1), coarse(2), coarse(3)]).toEqual([25, 50, 100]);
  });

  it('lays tail bars over the stored bucket of the same key on reading (a tail bar replaces the stored one of its time), and folds them into it once', async () => {
    const key = '0:TAILS';
    const stored = [60, 120, 180].map((t) => bar(t, '2026-05-04'));
    const changed = (t: number) => ({ ...bar(t, '2026-05-04'), close: 9 });
    await writeBucketsWhole(database.db, [{ instrumentKey: key, interval: '1m', bucket: 'stored', bars: stored }], new Date());
    await saveTailBars(database.db, [
      { instrumentKey: key, interval: '1m', bucket: 'stored', bars: [changed(180), changed(240)] },
      { instrumentKey: key, interval: '1m', bucket: 'tails only', bars: [changed(60)] },
    ]);
    await saveTailBars(database.db, [{ instrumentKey: key, interval: '1m', bucket: 'tails only', bars: [changed(120), { ...changed(60), close: 8 }] }]);
    const expected = {
      stored: { bars: [...stored.slice(0, 2), changed(180), changed(240)], tails: true },
      'tails only': { bars: [{ ...changed(60), close: 8 }, changed(120)], tails: true },
    };
    const ours = async (pageSize: number) => Object.fromEntries((await readAll(pageSize)).filter((b) => b.instrumentKey === key).map((b) => [b.bucket, { bars: b.bars, tails: b.tails }]));
    expect(await ours(1000)).toEqual(expected);
    expect(await ours(1)).toEqual(expected);

    await foldTails(database.db, [{ instrumentKey: key, interval: '1m', bucket: 'stored' }, { instrumentKey: key, interval: '1m', bucket: 'tails only' }], new Date());
    expect(await ours(1000)).toEqual({ stored: { ...expected.stored, tails: false }, 'tails only': { ...expected['tails only'], tails: false } });
    const [left] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM price_bar_tails WHERE instrument_key = ${key}`);
    expect(left?.n).toBe(0);
  });
});

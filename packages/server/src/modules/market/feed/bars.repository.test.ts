import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';
import type { Bar } from './bars.js';
import { percentSteps } from './market-feed.js';
import { readStoredBuckets, saveBuckets, saveBucketTails, type BarBucket } from './bars.repository.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
});
afterAll(() => database.close());

async function readAll(pageSize: number): Promise<BarBucket[]> {
  const read: BarBucket[] = [];
  await readStoredBuckets(database.db, (bucket) => read.push(bucket), pageSize);
  return read;
}

const bar = (t: number, d: string): Bar => ({ t, d, open: 1, high: 2, low: 0.5, close: 1.5, volume: t });

describe('bars in the database', () => {
  it('saves in multi-row batches with progress and reads back the same, page by page', async () => {
    const buckets: BarBucket[] = [];
    for (const key of ['0:AAPL', '0:MSFT', '3:GC']) {
      for (const month of ['2026-01', '2026-02', '2026-03', '2026-04']) buckets.push({ instrumentKey: key, interval: '1d', bucket: month, bars: [bar(Date.parse(`${month}-02T00:00:00Z`) / 1000, `${month}-02`)] });
      buckets.push({ instrumentKey: key, interval: '5m', bucket: '2026-04-30', bars: [bar(1, '2026-04-30'), bar(2, '2026-04-30')] });
    }
    const progress: number[] = [];
    await saveBuckets(database.db, buckets, new Date(), (done) => progress.push(done), 4);
    expect(progress).toEqual([4, 8, 12, 15]);

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

  it('replaces a stored bucket\'s bars from a tail\'s fromT on: after the last, at the last, or before it (bars written since elsewhere); no row is answered back', async () => {
    const key = '0:TAILS';
    const stored = [1, 2, 3, 4, 5].map((t) => bar(t, '2026-05-04'));
    const changed = (t: number) => ({ ...bar(t, '2026-05-04'), close: 9 });
    const buckets = ['after', 'at', 'before', 'empty'].map((bucket) => ({ instrumentKey: key, interval: '1m' as const, bucket, bars: bucket === 'empty' ? [] : stored }));
    await saveBuckets(database.db, buckets, new Date());
    const missing = await saveBucketTails(
      database.db,
      [
        { instrumentKey: key, interval: '1m', bucket: 'after', fromT: 6, bars: [changed(6)] },
        { instrumentKey: key, interval: '1m', bucket: 'at', fromT: 5, bars: [changed(5), changed(6)] },
        { instrumentKey: key, interval: '1m', bucket: 'before', fromT: 3, bars: [changed(3)] },
        { instrumentKey: key, interval: '1m', bucket: 'empty', fromT: 3, bars: [changed(3)] },
        { instrumentKey: key, interval: '1m', bucket: 'no row', fromT: 1, bars: [changed(1)] },
      ],
      new Date(),
    );
    expect(missing.map((t) => t.bucket)).toEqual(['no row']);
    const read = (await readAll(1000)).filter((b) => b.instrumentKey === key);
    const bars = Object.fromEntries(read.map((b) => [b.bucket, b.bars]));
    expect(bars).toEqual({
      after: [...stored, changed(6)],
      at: [...stored.slice(0, 4), changed(5), changed(6)],
      before: [...stored.slice(0, 2), changed(3)],
      empty: [changed(3)],
    });
  });
});

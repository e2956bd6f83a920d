import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CsvReplayProvider, parseReplayCsv, type CsvReplayOptions } from './csv-replay.provider.js';
import type { ProviderTick } from './market-data-provider.js';

const START = Date.parse('2026-03-02T14:30:00Z');
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

let dir: string;
const writeCsv = (name: string, lines: string[]) => {
  const file = join(dir, name);
  writeFileSync(file, lines.join('\n'));
  return file;
};

async function replay(options: Partial<CsvReplayOptions> & Pick<CsvReplayOptions, 'file'>) {
  const ticks: ProviderTick[] = [];
  const provider = new CsvReplayProvider({ speed: 1, loop: false, now: () => Date.now(), ...options });
  await provider.start((tick) => ticks.push(tick));
  return { provider, ticks };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'csv-replay-'));
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CsvReplayProvider with ticks', () => {
  const file = () =>
    writeCsv('ticks.csv', [
      'ts,source,code,price,volume',
      '2025-10-24T13:30:00.000Z,0,AAPL,262.50,100',
      '1761312600000,2,EURUSD,1.16254,0',
      '2025-10-24T13:30:02.000Z,0,MSFT,522.10,50',
      '2025-10-24T13:31:02.000Z,0,AAPL,262.61,20',
    ]);

  it('replays rows in file order, stamped with the current time, gaps divided by speed and capped at 5 s', async () => {
    const { ticks } = await replay({ file: file(), speed: 10 });
    expect(ticks).toEqual([
      { source: 0, code: 'AAPL', price: 262.5, volume: 100, ts: START },
      { source: 2, code: 'EURUSD', price: 1.16254, volume: 0, ts: START },
    ]);

    vi.advanceTimersByTime(199);
    expect(ticks).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(ticks[2]).toEqual({ source: 0, code: 'MSFT', price: 522.1, volume: 50, ts: START + 200 });

    // 60 s of file time at speed 10 would be 6 s; the cap keeps it to 5 s.
    vi.advanceTimersByTime(5_000);
    expect(ticks.map((tick) => tick.ts - START)).toEqual([0, 0, 200, 5_200]);
    vi.runAllTimers();
    expect(ticks).toHaveLength(4);
  });

  it('starts over after the last row when looping', async () => {
    const { ticks } = await replay({ file: file(), speed: 10, loop: true });
    vi.advanceTimersByTime(5_200);
    expect(ticks).toHaveLength(4);
    // The gap back to the first row is the file's average gap, 62 s / 3 at speed 10.
    vi.advanceTimersByTime(2_067);
    expect(ticks.slice(4).map((tick) => tick.code)).toEqual(['AAPL', 'EURUSD']);
    expect(ticks[4]?.ts).toBe(START + 5_200 + 2_067);
  });

  it('stop cancels the pending timer and nothing more is emitted', async () => {
    const { provider, ticks } = await replay({ file: file(), speed: 10, loop: true });
    expect(vi.getTimerCount()).toBe(1);
    await provider.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(ticks).toHaveLength(2);
  });

  it('stops when the listener stops it mid-batch', async () => {
    const ticks: ProviderTick[] = [];
    const provider = new CsvReplayProvider({ file: file(), speed: 10, loop: true, now: () => Date.now() });
    await provider.start((tick) => {
      ticks.push(tick);
      void provider.stop();
    });
    expect(ticks).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a second start while running', async () => {
    const { provider } = await replay({ file: file() });
    await expect(provider.start(() => {})).rejects.toThrow(/already running/);
  });

  it('replays the sample fixture in full', async () => {
    const { ticks } = await replay({ file: fixture('sample-ticks.csv'), speed: 1_000 });
    vi.runAllTimers();
    expect(ticks).toHaveLength(30);
    expect(new Set(ticks.map((tick) => `${tick.source}:${tick.code}`))).toEqual(new Set(['0:AAPL', '0:MSFT', '2:EURUSD']));
    const inFile = parseReplayCsv(readFileSync(fixture('sample-ticks.csv'), 'utf8'), 'sample-ticks.csv');
    expect(ticks.map((tick) => tick.price)).toEqual(inFile.map((tick) => tick.price));
  });
});

describe('CsvReplayProvider with bars', () => {
  it('turns each bar into open, nearer extreme, other extreme, close with the volume kept', () => {
    const ticks = parseReplayCsv(
      [
        'ts,source,code,open,high,low,close,volume',
        '2026-03-02T14:30:00Z,0,AAPL,10,12,9.5,11,1001',
        '2026-03-02T14:31:00Z,0,AAPL,11,11.2,10,10.5,400',
      ].join('\n'),
      'bars.csv',
    );
    expect(ticks.map(({ price, volume, ts }) => [price, volume, ts - START])).toEqual([
      [10, 250, 0],
      [9.5, 250, 15_000],
      [12, 250, 30_000],
      [11, 251, 45_000],
      [11, 100, 60_000],
      [11.2, 100, 75_000],
      [10, 100, 90_000],
      [10.5, 100, 105_000],
    ]);
  });

  it('replays the sample bars with every bar’s OHLC intact', async () => {
    const { ticks } = await replay({ file: fixture('sample-bars.csv'), speed: 1_000 });
    vi.runAllTimers();
    expect(ticks).toHaveLength(40);
    const aapl = ticks.filter((tick) => tick.code === 'AAPL');
    const firstBar = aapl.slice(0, 4).map((tick) => tick.price);
    expect(firstBar[0]).toBe(262.5);
    expect(Math.max(...firstBar)).toBe(262.88);
    expect(Math.min(...firstBar)).toBe(262.31);
    expect(firstBar[3]).toBe(262.74);
    expect(aapl.slice(0, 4).reduce((sum, tick) => sum + tick.volume, 0)).toBe(48_200);
  });
});

describe('CsvReplayProvider validation', () => {
  const parse = (...rows: string[]) => () => parseReplayCsv(['ts,source,code,price,volume', ...rows].join('\n'), 'ticks.csv');
  const good = '2026-03-02T14:30:00Z,0,AAPL,262.5,100';

  it.each([
    { rows: [good, '2026-03-02T14:30:01Z,0,AAPL,abc,100'], message: 'ticks.csv line 3: price must be a positive number (got "abc")' },
    { rows: ['2026-03-02T14:30:00Z,0,AAPL,0,100'], message: 'ticks.csv line 2: price must be a positive number (got "0")' },
    { rows: ['2026-03-02T14:30:00Z,4,AAPL,262.5,100'], message: 'ticks.csv line 2: source must be one of 0, 2, 3, 7, 99 (got "4")' },
    { rows: ['yesterday,0,AAPL,262.5,100'], message: 'ticks.csv line 2: ts must be ISO-8601 with a time zone or Unix milliseconds (got "yesterday")' },
    { rows: ['2026-03-02T14:30:00,0,AAPL,262.5,100'], message: 'ticks.csv line 2: ts must be ISO-8601 with a time zone or Unix milliseconds (got "2026-03-02T14:30:00")' },
    { rows: [good, '2026-03-02T14:29:00Z,0,AAPL,262.5,100'], message: 'ticks.csv line 3: ts must not be earlier than the row before (got "2026-03-02T14:29:00Z")' },
    { rows: ['2026-03-02T14:30:00Z,0,AAPL,262.5,-1'], message: 'ticks.csv line 2: volume must be a number of 0 or more (got "-1")' },
    { rows: ['2026-03-02T14:30:00Z,0,AA PL,262.5,1'], message: 'ticks.csv line 2: code must be letters, digits, dot or dash (got "AA PL")' },
    { rows: [good, '', '2026-03-02T14:30:00Z,0,AAPL,262.5'], message: 'ticks.csv line 4: expected 5 columns (ts,source,code,price,volume), got 4' },
    { rows: [], message: 'ticks.csv: no rows after the header' },
  ])('$message', ({ rows, message }) => {
    expect(parse(...rows)).toThrow(message);
  });

  it('rejects a header that is neither ticks nor bars', () => {
    expect(() => parseReplayCsv('time,symbol,last\n1,AAPL,2', 'x.csv')).toThrow(
      'x.csv line 1: header must be "ts,source,code,price,volume" or "ts,source,code,open,high,low,close,volume" (got "time,symbol,last")',
    );
  });

  it('rejects a bar whose high or low does not contain open and close', () => {
    const bars = (row: string) => () => parseReplayCsv(`ts,source,code,open,high,low,close,volume\n${row}`, 'bars.csv');
    expect(bars('1761312600000,0,AAPL,10,10.5,9,11,5')).toThrow('bars.csv line 2: high must be at least open, low and close (got "10.5")');
    expect(bars('1761312600000,0,AAPL,10,12,10.2,11,5')).toThrow('bars.csv line 2: low must be at most open and close (got "10.2")');
  });

  it('rejects an instrument the catalogue does not know, naming its code', () => {
    const file = writeCsv('unknown.csv', ['ts,source,code,price,volume', '1761312600000,0,AAPL,262.5,1', '1761312600001,0,ZZZZ,1,1']);
    const known = (source: number, code: string) => source === 0 && code === 'AAPL';
    expect(() => new CsvReplayProvider({ file, speed: 1, loop: false, now: () => Date.now(), instrumentExists: known })).toThrow(
      'unknown.csv line 3: unknown instrument ZZZZ (source 0)',
    );
  });

  it('rejects a speed that is not positive', () => {
    expect(() => new CsvReplayProvider({ file: fixture('sample-ticks.csv'), speed: 0, loop: false, now: () => Date.now() })).toThrow(
      'CSV replay speed must be a positive number (got 0)',
    );
  });
});

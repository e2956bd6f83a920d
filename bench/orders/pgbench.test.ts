import { describe, expect, it } from 'vitest';
import { LatencyHistogram, percentile } from '../fanout/histogram.js';
import { addPgbenchLog, connectionArgs, parsePgbenchOutput } from './pgbench.js';

// pgbench 15's own words, from a run on the bench machine.
const OUTPUT = `pgbench (15.20 (Debian 15.20-0+deb12u1))
transaction type: <builtin: TPC-B (sort of)>
scaling factor: 2
query mode: simple
number of clients: 8
number of threads: 2
maximum number of tries: 1
duration: 5 s
number of transactions actually processed: 2992
number of failed transactions: 0 (0.000%)
latency average = 13.416 ms
initial connection time = 27.495 ms
tps = 596.308983 (without initial connection time)
`;

describe('parsePgbenchOutput', () => {
  it('reads the summary', () => {
    expect(parsePgbenchOutput(OUTPUT)).toEqual({
      tps: 596.308983,
      latencyAverageMs: 13.416,
      transactions: 2992,
      failed: 0,
      clients: 8,
      threads: 2,
      scale: 2,
    });
  });

  it('reads failed transactions, and their absence before pgbench 15', () => {
    expect(parsePgbenchOutput(OUTPUT.replace('failed transactions: 0 (0.000%)', 'failed transactions: 17 (0.568%)')).failed).toBe(17);
    expect(parsePgbenchOutput(OUTPUT.replace(/^number of failed.*\n/m, '')).failed).toBe(0);
  });

  it.each([
    [/^tps = .*\n/m, 'no "tps = N (without initial connection time)" line'],
    [/^latency average = .*\n/m, 'no "latency average = N ms" line'],
    [/^number of transactions actually processed: .*\n/m, 'no "number of transactions actually processed" line'],
  ])('names the missing line %s', (line, message) => {
    expect(() => parsePgbenchOutput(OUTPUT.replace(line, ''))).toThrow(message);
  });

  it('does not take "including connections establishing" (pgbench 13) for the tps it wants', () => {
    const old = OUTPUT.replace(/^tps = .*$/m, 'tps = 580.1 (including connections establishing)');
    expect(() => parsePgbenchOutput(old)).toThrow('no "tps = N');
  });
});

describe('addPgbenchLog', () => {
  it('records each transaction latency in ms and counts the failed ones', () => {
    const histogram = new LatencyHistogram();
    const log = ['1 1 3338 0 1795434811 914929', '1 2 2751 0 1795434811 917694', '2 1 failed 0 1795434811 918360', '', '3 1 10237 0 1795434811 920197 0'].join('\n');
    expect(addPgbenchLog(log, histogram)).toEqual({ failed: 1 });
    const snapshot = histogram.snapshot();
    expect(snapshot.count).toBe(3);
    expect(snapshot.min).toBeCloseTo(2.751, 6);
    expect(snapshot.max).toBeCloseTo(10.237, 6);
    expect(percentile(snapshot, 0.5)).toBeCloseTo(3.338, 1);
  });
});

describe('connectionArgs', () => {
  it('passes host, port, user and database, and the password through the environment', () => {
    expect(connectionArgs('postgres://bench:s%40cret@db.local:6543/test', 'tw_pgbench_1')).toEqual({
      args: ['-h', 'db.local', '-p', '6543', '-U', 'bench', 'tw_pgbench_1'],
      env: { PGPASSWORD: 's@cret' },
    });
  });

  it('defaults the port and leaves out what is not given', () => {
    expect(connectionArgs('postgresql://127.0.0.1/test', 'x')).toEqual({ args: ['-h', '127.0.0.1', '-p', '5432', 'x'], env: {} });
  });
});
